import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel, type Model, type ModelEvent, type ScriptedRunInput } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const tools = [
  defineTool({ name: 'lookup', description: 'Look something up', input: z.object({ q: z.string() }), execute: ({ q }) => `found ${q}` }),
];
// Two calls in the first response and one in the second: every id the loop can meet in one run.
const model = scriptedModel([
  [{ tool: 'lookup', input: { q: 'a' } }, { tool: 'lookup', input: { q: 'b' } }],
  [{ tool: 'lookup', input: { q: 'c' } }],
  [{ text: 'Done.' }],
]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools }));
});
afterAll(() => server.close());

/** One model call outside the server, for what only the model decides. */
async function play(played: Model, turns: readonly Turn[]): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of played.stream({ system: '', turns, tools: [], signal: new AbortController().signal })) events.push(event);
  return events;
}

const callIds = (events: readonly { data: StreamEvent }[]) =>
  events.flatMap((event) => (event.data.type === 'tool_call' ? [event.data.toolCallId] : []));

describe('scriptedModel rounds', () => {
  it('counts a round of tool results once, when a tool\'s progress line sits among them', async () => {
    const played = scriptedModel([[{ tool: 'lookup', input: { q: 'a' } }, { tool: 'lookup', input: { q: 'b' } }], [{ text: 'Second round.' }]]);
    const at = 1;
    const turns: Turn[] = [
      { id: 'u', createdAt: at, type: 'user', text: 'go' },
      { id: 'c1', createdAt: at, type: 'tool_call', toolCallId: 'k1', name: 'lookup', input: { q: 'a' }, kind: 'read', label: 'lookup' },
      { id: 'c2', createdAt: at, type: 'tool_call', toolCallId: 'k2', name: 'lookup', input: { q: 'b' }, kind: 'read', label: 'lookup' },
      { id: 'r1', createdAt: at, type: 'tool_result', toolCallId: 'k1', name: 'lookup', output: 'found a', isError: false },
      { id: 's', createdAt: at, type: 'status', text: 'Looking in b…' },
      { id: 'r2', createdAt: at, type: 'tool_result', toolCallId: 'k2', name: 'lookup', output: 'found b', isError: false },
    ];
    const text = (await play(played, turns)).flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
    expect(text).toBe('Second round.');
  });
});

describe('scriptedModel tool call ids', () => {
  it('are unique across the runs of a session, and every result pairs with its own call', async () => {
    const client = sameBrowser(server.url);
    const first = callIds(await client.run('ids', { text: 'one' }));
    const second = callIds(await client.run('ids', { text: 'two' }));
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    expect(new Set([...first, ...second]).size).toBe(6);

    const { turns } = await client.history('ids');
    const results = turns.filter((turn) => turn.type === 'tool_result');
    expect(results.map((turn) => (turn.type === 'tool_result' ? turn.toolCallId : ''))).toEqual([...first, ...second]);
    // The ids name the run's user turn, so a reader of the history sees which message a call belongs to.
    const users = turns.filter((turn) => turn.type === 'user').map((turn) => turn.id);
    expect(first.every((id) => id.includes(users[0]!))).toBe(true);
    expect(second.every((id) => id.includes(users[1]!))).toBe(true);
  });

  it('stay deterministic: the same history gives the same ids', async () => {
    const history: Turn[] = [{ id: 't_fixed', createdAt: 1, type: 'user', text: 'hello' }];
    const ids = async () => (await play(model, history)).flatMap((event) => (event.type === 'tool_call' ? [event.id] : []));
    expect(await ids()).toEqual(['call_t_fixed_s0_0', 'call_t_fixed_s0_1']);
    expect(await ids()).toEqual(await ids());
  });

  it('keep to the characters providers accept, whatever an imported turn id holds', async () => {
    const turns: Turn[] = [{ id: 'turn 1/α', createdAt: 1, type: 'user', text: 'imported' }];
    const ids = (await play(model, turns)).flatMap((event) => (event.type === 'tool_call' ? [event.id] : []));
    expect(ids).toEqual(['call_turn_1___s0_0', 'call_turn_1___s0_1']);
  });

  it('an id given in the script is kept as it is', async () => {
    const fixed = scriptedModel([[{ tool: 'lookup', id: 'my_call', input: { q: 'x' } }]]);
    const events = await play(fixed, [{ id: 't_1', createdAt: 1, type: 'user', text: 'hi' }]);
    expect(events.find((event) => event.type === 'tool_call')).toMatchObject({ id: 'my_call' });
  });
});

describe("a scripted model's script", () => {
  it('sees the system prompt and the page context of the message, and of a resume', async () => {
    const seen: ScriptedRunInput[] = [];
    const echo = scriptedModel((input) => {
      seen.push(input);
      const stage = String(input.context?.stage);
      return input.text === 'pick'
        ? [[{ tool: 'pick_slide', input: {} }], [{ text: `Picked on ${stage}.` }]]
        : [[{ text: `On ${stage}.` }]];
    });
    const local = await serveApp(
      createAgentChat({
        model: echo,
        system: ({ context }) => `You edit the carousel "${String(context?.title)}".`,
        tools: [defineTool({ name: 'pick_slide', description: 'The page asks the user for a slide', kind: 'client', input: z.object({}) })],
      }),
    );
    try {
      const client = sameBrowser(local.url);
      const context = { title: 'Launch', stage: 'slides', items: [{ id: 'S-1', type: 'slide', text: 'Hook' }] };
      const reply = (events: readonly { data: StreamEvent }[]) =>
        events.map((event) => (event.data.type === 'text_delta' ? event.data.text : '')).join('');

      expect(reply(await client.run('ctx', { text: 'where', context }))).toBe('On slides.');
      expect(seen.at(-1)!.context).toEqual(context);
      expect(seen.at(-1)!.system).toContain('You edit the carousel "Launch".');
      expect(seen.at(-1)!.system).toContain('<context_items count="1" detail="full">');

      // The run waits for the page, which answers from another stage: the rest of the run sees the new context.
      const waiting = await client.run('ctx', { text: 'pick', context });
      expect(waiting.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
      const pending = waiting.flatMap((event) => (event.data.type === 'awaiting_input' ? event.data.calls : []));
      const resumed = await client.resume('ctx', {
        results: [{ toolCallId: pending[0]!.toolCallId, output: 'S-1' }],
        context: { ...context, title: 'Launch v2', stage: 'export' },
      });
      expect(reply(resumed)).toBe('Picked on export.');
      expect(seen.at(-1)!.system).toContain('"Launch v2"');

      // A message without a context: the script is told so.
      expect(reply(await client.run('ctx', { text: 'where' }))).toBe('On undefined.');
      expect(seen.at(-1)!.context).toBeUndefined();
      expect(seen.at(-1)!.system).not.toContain('<context_items');
    } finally {
      await local.close();
    }
  });
});
