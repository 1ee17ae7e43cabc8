import type { ToolResultTurn, Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineTool, scriptedModel, type Model } from '../src/index.js';
import { toOpenAIMessages } from '../src/model/openai-compatible/index.js';
import { STOPPED_TOOL_NOTE } from '../src/model/turn-text.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// A stopped step is not "done" (issue #20, point 3): a tool that takes its signal and returns after Stop has its
// result marked `stopped`, in the stream, in the stored history, and for the model.

const SLIDES = 6;
const decks = new Map<string, string[]>();
const deck = (sessionId: string) => decks.get(sessionId) ?? decks.set(sessionId, Array.from({ length: SLIDES }, (_, i) => `Slide ${i + 1}`)).get(sessionId)!;

/** Resolves when the signal aborts; the fallback only ends a tool whose test has already failed. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 10_000);
    signal.addEventListener('abort', () => {
      clearTimeout(fallback);
      resolve();
    }, { once: true });
  });
}

/** Rewrites three slides at once, then waits on the fourth until Stop: always "Stopped after 3 of 6 slides". */
const regenerate = defineTool({
  name: 'regenerate_slides',
  description: 'Rewrite every slide, one at a time',
  kind: 'write',
  input: z.object({}),
  execute: async (_input, { sessionId, signal, status }) => {
    const slides = deck(sessionId);
    let done = 0;
    for (let i = 0; i < slides.length; i++) {
      if (i === 3) await untilAborted(signal);
      if (signal.aborted) break;
      slides[i] = `Rewritten ${i + 1}`;
      done++;
      status(`Rewrote slide ${done} of ${slides.length}`);
    }
    return done === slides.length ? `All ${done} slides rewritten.` : `Stopped after ${done} of ${slides.length} slides.`;
  },
});

/** A tool that aborts its own work when Stop arrives, as one passing the signal to fetch would. */
const download = defineTool({
  name: 'download_report',
  description: 'Download the report',
  input: z.object({}),
  execute: async (_input, { signal, status }) => {
    status('Downloading…');
    await untilAborted(signal);
    signal.throwIfAborted();
    return 'downloaded';
  },
});

/** A tool that never looks at its signal: Stop waits for it, and its result is whole. */
let releaseLookup: () => void = () => undefined;
const lookup = defineTool({
  name: 'lookup_order',
  description: 'Look up an order',
  input: z.object({}),
  execute: async (_input, { status }) => {
    status('Looking up…');
    await new Promise<void>((resolve) => (releaseLookup = resolve));
    return 'Order A-17 shipped.';
  },
});

const readDeck = defineTool({
  name: 'read_deck',
  description: 'Read the deck',
  input: z.object({}),
  execute: (_input, { sessionId }) => deck(sessionId).join(', '),
});

const scripted = scriptedModel(({ text }) => {
  if (text === 'regenerate') return [[{ tool: 'regenerate_slides' }, { tool: 'read_deck' }], [{ text: 'Done.' }]];
  if (text === 'download') return [[{ tool: 'download_report' }], [{ text: 'Done.' }]];
  if (text === 'lookup') return [[{ tool: 'lookup_order' }], [{ text: 'Done.' }]];
  return [[{ tool: 'read_deck' }], [{ text: 'Read it.' }]];
});

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Carrying on.' }] }) });
  const claude = anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL });
  // The scripted model plays the runs; "carry on" goes to Claude (the fake API), to see what the model is told.
  const model: Model = {
    name: 'scripted, then claude',
    stream: (request) => {
      const last = request.turns.findLast((turn) => turn.type === 'user');
      return (last?.type === 'user' && last.text === 'carry on' ? claude : scripted).stream(request);
    },
  };
  server = await serveApp(
    createAgentChat({
      model,
      tools: [regenerate, download, lookup, readDeck],
      state: {
        snapshot: (sessionId) => [...deck(sessionId)],
        restore: (sessionId, snapshot) => {
          decks.set(sessionId, [...(snapshot as string[])]);
        },
      },
    }),
  );
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
const client = () => sameBrowser(server.url);

/** Sends `text` and presses Stop when the status line `stopOn` arrives; returns every event of the run. */
async function runAndStop(sessionId: string, text: string, stopOn: string, afterStop?: () => void): Promise<ReceivedEvent[]> {
  const response = await client().send(sessionId, { text });
  return readAgentEvents(response, (event) => {
    if (event.data.type === 'status' && event.data.text === stopOn) {
      void client().cancel(sessionId).then(afterStop);
    }
  });
}

const results = (events: ReceivedEvent[]) => events.flatMap((event) => (event.data.type === 'tool_result' ? [event.data] : []));
const storedResults = (turns: readonly Turn[]) => turns.filter((turn): turn is ToolResultTurn => turn.type === 'tool_result');

describe('a tool stopped part-way', () => {
  it('returns its partial work as a stopped result; the call that never ran is stopped too; the write stays undoable', async () => {
    const events = await runAndStop('s1', 'regenerate', 'Rewrote slide 3 of 6');
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled', hasWrites: true, undoable: true });
    const [partial, notRun] = results(events);
    expect(partial).toMatchObject({ name: 'regenerate_slides', output: 'Stopped after 3 of 6 slides.', isError: false, stopped: true });
    expect(notRun).toMatchObject({ name: 'read_deck', isError: true, stopped: true });
    expect(deck('s1').slice(0, 4)).toEqual(['Rewritten 1', 'Rewritten 2', 'Rewritten 3', 'Slide 4']);

    // Stored as streamed, so a reload shows the same outcome.
    const history = await client().history('s1');
    expect(storedResults(history.turns).map((turn) => [turn.name, turn.isError, turn.stopped])).toEqual([
      ['regenerate_slides', false, true],
      ['read_deck', true, true],
    ]);
    expect(history.undoable).toBe(true);
    expect((await client().undo('s1')).status).toBe(200);
    expect(deck('s1')).toEqual(Array.from({ length: SLIDES }, (_, i) => `Slide ${i + 1}`));
  });

  it('tells the model on the next message that the result is partial', async () => {
    await runAndStop('s2', 'regenerate', 'Rewrote slide 3 of 6');
    const before = fake.requests.length;
    const next = await client().run('s2', { text: 'carry on' });
    expect(next.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const messages = fake.requests[before]!['messages'] as { role: string; content: { type: string; content?: string; is_error?: boolean }[] }[];
    const toolResults = messages.flatMap((message) => message.content.filter((block) => block.type === 'tool_result'));
    expect(toolResults[0]).toMatchObject({ content: `${STOPPED_TOOL_NOTE}\nStopped after 3 of 6 slides.`, is_error: false });
    // A call that never ran already says so; it gets no note.
    expect(toolResults[1]!.content).toBe('Cancelled: the user stopped the run before this tool ran.');

    // The OpenAI-compatible adapter says the same.
    const history = await client().history('s2');
    const openai = await toOpenAIMessages('', history.turns);
    expect(openai.find((message) => message.role === 'tool')).toMatchObject({ content: `${STOPPED_TOOL_NOTE}\nStopped after 3 of 6 slides.` });
  });

  it('a tool that fails because Stop aborted its work is stopped, not just failed', async () => {
    const events = await runAndStop('s3', 'download', 'Downloading…');
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'cancelled' });
    expect(results(events)[0]).toMatchObject({ name: 'download_report', isError: true, stopped: true });
  });

  it('a tool that never takes its signal runs to its end: its result is whole, not stopped', async () => {
    const events = await runAndStop('s4', 'lookup', 'Looking up…', () => releaseLookup());
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'cancelled' });
    const [result] = results(events);
    expect(result).toMatchObject({ name: 'lookup_order', output: 'Order A-17 shipped.', isError: false });
    expect(result).not.toHaveProperty('stopped');
  });

  it('a run that is not stopped marks nothing', async () => {
    const events = await client().run('s5', { text: 'read' });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    for (const result of results(events)) expect(result).not.toHaveProperty('stopped');
    for (const turn of storedResults((await client().history('s5')).turns)) expect(turn).not.toHaveProperty('stopped');
  });
});
