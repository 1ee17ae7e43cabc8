import type { StatusTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { sameBrowser } from './support/same-browser.js';

// Quick actions and state follow the page (issue #20, point 6): a tool reports its progress while it runs
// (ctx.status, on its step) and the host's state as it goes (ctx.state, a `state` event), so a page can follow a long
// step from events instead of polling.

const SLIDES = 3;
const decks = new Map<string, string[]>();
const deck = (sessionId: string) => decks.get(sessionId) ?? decks.set(sessionId, Array.from({ length: SLIDES }, (_, i) => `Slide ${i + 1}`)).get(sessionId)!;

/** Rewrites each slide in turn, saying so and sending the deck after each one. */
const regenerate = defineTool({
  name: 'regenerate_slides',
  description: 'Rewrite every slide, one at a time',
  kind: 'write',
  input: z.object({}),
  execute: (_input, { sessionId, status, state }) => {
    const slides = deck(sessionId);
    for (let i = 0; i < slides.length; i++) {
      status(`Rewriting slide ${i + 1} of ${slides.length}…`);
      slides[i] = `Rewritten ${i + 1}`;
      state({ slides: [...slides] });
    }
    return `All ${slides.length} slides rewritten.`;
  },
});

/** A tool that shows no step: its status is a line of the conversation (seed 004's sendStatusMessage). */
const say = defineTool({
  name: 'send_status',
  description: 'Show the user a status line',
  input: z.object({ message: z.string() }),
  display: 'hidden',
  execute: ({ message }, { status }) => {
    status(message);
    return 'Shown.';
  },
});

/** A write that asks first: drawn as its confirmation card, so its status is a line too. */
const confirmed = defineTool({
  name: 'confirmed_write',
  description: 'A write the user confirms',
  kind: 'write',
  input: z.object({}),
  needsConfirmation: true,
  execute: (_input, { status }) => {
    status('Writing…');
    return 'Written.';
  },
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model: scriptedModel(({ text }) =>
        text === 'say'
          ? [[{ tool: 'send_status', input: { message: 'On it.' } }], [{ text: 'Said.' }]]
          : text === 'confirm'
            ? [[{ tool: 'confirmed_write' }], [{ text: 'Done.' }]]
            : [[{ tool: 'regenerate_slides' }], [{ text: 'Done.' }]],
      ),
      tools: [regenerate, say, confirmed],
      state: {
        snapshot: (sessionId) => ({ slides: [...deck(sessionId)] }),
        restore: (sessionId, snapshot) => void decks.set(sessionId, [...(snapshot as { slides: string[] }).slides]),
      },
    }),
  );
});
afterAll(() => server.close());
const client = () => sameBrowser(server.url);
const ofType = <T extends ReceivedEvent['data']['type']>(events: ReceivedEvent[], type: T) =>
  events.flatMap((event) => (event.data.type === type ? [event.data as Extract<ReceivedEvent['data'], { type: T }>] : []));

describe('a tool reports progress and state while it runs', () => {
  it('streams each status on the call and each state snapshot with the call’s id, before its result; the write’s own snapshot follows', async () => {
    const events = await client().run('p1', { text: 'regenerate' });
    const [call] = ofType(events, 'tool_call');
    expect(call).toBeDefined();
    const sequence = events
      .map((event) => event.data)
      .filter((data) => ['status', 'state', 'tool_result'].includes(data.type))
      .map((data) => (data.type === 'status' ? ['status', data.text, data.toolCallId] : data.type === 'state' ? ['state', data.state, data.toolCallId] : [data.type]));
    expect(sequence).toEqual([
      ['status', 'Rewriting slide 1 of 3…', call!.toolCallId],
      ['state', { slides: ['Rewritten 1', 'Slide 2', 'Slide 3'] }, call!.toolCallId],
      ['status', 'Rewriting slide 2 of 3…', call!.toolCallId],
      ['state', { slides: ['Rewritten 1', 'Rewritten 2', 'Slide 3'] }, call!.toolCallId],
      ['status', 'Rewriting slide 3 of 3…', call!.toolCallId],
      ['state', { slides: ['Rewritten 1', 'Rewritten 2', 'Rewritten 3'] }, call!.toolCallId],
      ['tool_result'],
      // After a successful write, the `state` option's snapshot, as before: not a tool's, so no call id.
      ['state', { slides: ['Rewritten 1', 'Rewritten 2', 'Rewritten 3'] }, undefined],
    ]);
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn', undoable: true });
  });

  it('stores the progress with its call (a reload shows it on the step), and no state: the state lives with the host', async () => {
    const events = await client().run('p2', { text: 'regenerate' });
    const [call] = ofType(events, 'tool_call');
    const { turns } = await client().history('p2');
    const statuses = turns.filter((turn): turn is StatusTurn => turn.type === 'status');
    expect(statuses.map((turn) => [turn.text, turn.toolCallId])).toEqual([1, 2, 3].map((n) => [`Rewriting slide ${n} of 3…`, call!.toolCallId]));
    // The stored turns are the streamed ones, with the same ids.
    expect(statuses.map((turn) => turn.id)).toEqual(ofType(events, 'status').map((event) => event.turnId));
    expect(turns.map((turn) => turn.type)).toEqual(['user', 'tool_call', 'status', 'status', 'status', 'tool_result', 'assistant_text']);
  });

  it('a tool that shows no step sends its status as a line of the conversation, with no call id', async () => {
    const events = await client().run('p3', { text: 'say' });
    const [status] = ofType(events, 'status');
    expect(status).toMatchObject({ type: 'status', text: 'On it.' });
    expect(status).not.toHaveProperty('toolCallId');
    const stored = (await client().history('p3')).turns.find((turn) => turn.type === 'status');
    expect(stored).toMatchObject({ text: 'On it.' });
    expect(stored).not.toHaveProperty('toolCallId');
  });

  it('a call that waited for confirmation (drawn as its card) sends its status as a line too', async () => {
    const asked = await client().run('p4', { text: 'confirm' });
    expect(asked.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'awaiting_input' });
    const [call] = ofType(asked, 'tool_call');
    const events = await client().resume('p4', { decisions: [{ toolCallId: call!.toolCallId, action: 'approve' }] });
    const [status] = ofType(events, 'status');
    expect(status).toMatchObject({ type: 'status', text: 'Writing…' });
    expect(status).not.toHaveProperty('toolCallId');
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });
});
