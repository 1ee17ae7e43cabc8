import type { PendingCall, StreamEvent, ToolResultEvent, Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineSubagent, defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// Approvals inside a branch (issue 34, point 4): a sub-agent's write that needs confirmation, or a client tool it
// calls, pauses the whole run with awaiting_input naming that call and its branch; approve, edit and deny, and the
// page's result, resume the sub-agent where it stopped, then the agent above it. A new message instead drops them
// in every branch, leaving each conversation of the tree valid.

const notes = new Map<string, Set<string>>();
const notesOf = (sessionId: string) => notes.get(sessionId) ?? notes.set(sessionId, new Set(['n1', 'n2'])).get(sessionId)!;

const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete a note',
  kind: 'write',
  needsConfirmation: true,
  label: 'Delete {id}',
  input: z.object({ id: z.string() }),
  execute: ({ id }, { sessionId }) => (notesOf(sessionId).delete(id) ? `Deleted ${id}.` : `No note ${id}.`),
});

const pickColor = defineTool({ name: 'pick_color', description: 'Ask the page for a colour', kind: 'client', input: z.object({}) });

const CLEANER = 'You clean up notes.';
const PICKER = 'You pick a colour with the page.';

const picker = defineSubagent({
  name: 'picker',
  description: 'Pick a colour',
  input: z.object({}),
  prompt: () => 'Pick a colour',
  system: PICKER,
  tools: [pickColor],
});

const cleaner = defineSubagent({
  name: 'cleaner',
  description: 'Clean up notes',
  input: z.object({ task: z.string() }),
  prompt: ({ task }) => task,
  system: CLEANER,
  tools: [deleteNote, picker],
});

/** The answer after a call: what its result said, so each test sees the resumed sub-agent read it. */
const lastResult = (turns: readonly Turn[]) => {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? String(result.output) : '';
};

const model = scriptedModel(({ text, system, turns }) => {
  if (system.includes(PICKER)) return [[{ tool: 'pick_color' }], [{ text: `Picked ${lastResult(turns)}.` }]];
  if (system.includes(CLEANER)) {
    if (text === 'pick') return [[{ tool: 'picker' }], [{ text: `The colour: ${lastResult(turns)}` }]];
    return [[{ tool: 'delete_note', input: { id: 'n1' } }], [{ text: `Cleaner says: ${lastResult(turns)}` }]];
  }
  return [[{ tool: 'cleaner', input: { task: text === 'colour' ? 'pick' : 'delete' } }], [{ text: `Main says: ${lastResult(turns)}` }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [cleaner] }));
});
afterAll(async () => {
  await server?.close();
});
const client = () => sameBrowser(server.url);
const data = async (events: Promise<{ data: StreamEvent }[]>) => (await events).map((event) => event.data);
const callsNamed = (events: StreamEvent[], name: string) => events.filter((event) => event.type === 'tool_call' && event.name === name);
const idOf = (event: StreamEvent | undefined) => (event?.type === 'tool_call' ? event.toolCallId : '');
const resultOf = (events: StreamEvent[], toolCallId: string) =>
  events.find((event): event is ToolResultEvent => event.type === 'tool_result' && event.toolCallId === toolCallId);
const mainText = (events: StreamEvent[]) => events.filter((event) => event.type === 'text_delta' && !event.parentCallId).map((event) => (event.type === 'text_delta' ? event.text : '')).join('');

/** Every call in the main conversation and in each branch has exactly one result: each model's history is valid. */
function expectEveryCallAnswered(turns: readonly Turn[], subagentTurns: readonly Turn[] = []) {
  const byBranch = new Map<string | undefined, Turn[]>();
  for (const turn of [...turns, ...subagentTurns]) byBranch.set(turn.parentCallId, [...(byBranch.get(turn.parentCallId) ?? []), turn]);
  for (const [, list] of byBranch) {
    const calls = list.filter((turn) => turn.type === 'tool_call').map((turn) => (turn.type === 'tool_call' ? turn.toolCallId : ''));
    const results = list.filter((turn) => turn.type === 'tool_result').map((turn) => (turn.type === 'tool_result' ? turn.toolCallId : ''));
    expect(results.sort()).toEqual(calls.sort());
  }
}

async function pausedOn(sessionId: string, text: string): Promise<{ events: StreamEvent[]; pending: PendingCall }> {
  const events = await data(client().run(sessionId, { text }));
  expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'awaiting_input' });
  const calls = events.flatMap((event) => (event.type === 'awaiting_input' ? event.calls : []));
  expect(calls).toHaveLength(1);
  return { events, pending: calls[0]! };
}

describe('approvals inside a sub-agent', () => {
  it('pauses the whole run on a branch write, names the call and its branch; approve resumes the sub-agent, then the agent', async () => {
    const { events, pending } = await pausedOn('a1', 'clean');
    const cleanerId = idOf(callsNamed(events, 'cleaner')[0]);
    expect(pending).toMatchObject({ name: 'delete_note', reason: 'confirm', label: 'Delete n1', parentCallId: cleanerId, input: { id: 'n1' } });
    // The cleaner's own call waits without a result; the pending call is listed by GET session (a reload shows the card).
    expect(resultOf(events, cleanerId)).toBeUndefined();
    const stored = await client().history('a1');
    expect(stored.pending).toEqual([pending]);

    const resumed = await data(client().resume('a1', { decisions: [{ toolCallId: pending.toolCallId, action: 'approve' }] }));
    expect(resumed.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn', hasWrites: true });
    expect(resultOf(resumed, pending.toolCallId)).toMatchObject({ parentCallId: cleanerId, output: 'Deleted n1.', isError: false, confirmation: { action: 'approve' } });
    expect(resultOf(resumed, cleanerId)).toMatchObject({ output: 'Cleaner says: Deleted n1.', isError: false });
    expect(mainText(resumed)).toBe('Main says: Cleaner says: Deleted n1.');
    expect(notesOf('a1').has('n1')).toBe(false);
    const after = await client().history('a1');
    expect(after.pending).toEqual([]);
    expectEveryCallAnswered(after.turns, after.subagentTurns);
  });

  it('edit runs the edited input, and the branch keeps it; deny is a refusal the sub-agent reads', async () => {
    const edited = await pausedOn('a2', 'clean');
    const resumed = await data(client().resume('a2', { decisions: [{ toolCallId: edited.pending.toolCallId, action: 'edit', input: { id: 'n2' } }] }));
    expect(resultOf(resumed, edited.pending.toolCallId)).toMatchObject({ output: 'Deleted n2.', confirmation: { action: 'edit', input: { id: 'n2' } } });
    expect(notesOf('a2')).toEqual(new Set(['n1']));
    const storedCall = (await client().history('a2')).subagentTurns?.find((turn) => turn.type === 'tool_call' && turn.toolCallId === edited.pending.toolCallId);
    expect(storedCall).toMatchObject({ input: { id: 'n2' } });

    const denied = await pausedOn('a3', 'clean');
    const after = await data(client().resume('a3', { decisions: [{ toolCallId: denied.pending.toolCallId, action: 'deny', reason: 'keep it' }] }));
    expect(after.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(mainText(after)).toBe('Main says: Cleaner says: The user refused this action. Reason: keep it');
    expect(notesOf('a3').size).toBe(2);
  });

  it('a client tool two sub-agents down pauses the run; the page result resumes the inner, then the outer, then the agent', async () => {
    const { events, pending } = await pausedOn('a4', 'colour');
    const pickerId = idOf(callsNamed(events, 'picker')[0]);
    expect(pending).toMatchObject({ name: 'pick_color', reason: 'client', parentCallId: pickerId });
    const resumed = await data(client().resume('a4', { results: [{ toolCallId: pending.toolCallId, output: 'blue' }] }));
    expect(resumed.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(resultOf(resumed, pickerId)).toMatchObject({ output: 'Picked blue.', parentCallId: idOf(callsNamed(events, 'cleaner')[0]) });
    expect(mainText(resumed)).toBe('Main says: The colour: Picked blue.');
    const after = await client().history('a4');
    expectEveryCallAnswered(after.turns, after.subagentTurns);
  });

  it('GET /tools describes the sub-agents\' tools too, so a card can offer Edit on a call only a sub-agent makes', async () => {
    const { tools } = (await client().tools()) as { tools: { name: string; needsConfirmation: unknown; inputSchema: unknown }[] };
    expect(tools.map((tool) => tool.name)).toEqual(['cleaner', 'delete_note', 'picker', 'pick_color']);
    expect(tools.find((tool) => tool.name === 'delete_note')).toMatchObject({ needsConfirmation: true, inputSchema: { type: 'object', properties: { id: { type: 'string' } } } });
  });

  it('a wrong answer for a branch call is a 400 naming the field, checked against the sub-agent’s tool, and loses nothing', async () => {
    const { pending } = await pausedOn('a5', 'clean');
    const bad = await client().resumeRaw('a5', { decisions: [{ toolCallId: pending.toolCallId, action: 'edit', input: { id: 7 } }] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'decisions.0.input' } });
    expect((await client().history('a5')).pending).toEqual([pending]);
  });

  it('a new message instead of an answer drops the branch call and the sub-agent call, leaving every conversation valid', async () => {
    const { events, pending } = await pausedOn('a6', 'colour');
    const next = await data(client().run('a6', { text: 'clean' }));
    // The new message's run pauses on its own cleaner; the old calls were answered as not run.
    expect(next.at(-1)).toMatchObject({ stopReason: 'awaiting_input' });
    expect(resultOf(next, pending.toolCallId)).toMatchObject({ isError: true, parentCallId: pending.parentCallId, output: expect.stringContaining('Not run') });
    expect(resultOf(next, idOf(callsNamed(events, 'cleaner')[0]))).toMatchObject({ isError: true, output: expect.stringContaining('Not finished') });
    const after = await client().history('a6');
    const { pending: newPending } = { pending: after.pending[0]! };
    expect(newPending.name).toBe('delete_note');
    await client().resume('a6', { decisions: [{ toolCallId: newPending.toolCallId, action: 'deny' }] });
    const done = await client().history('a6');
    expectEveryCallAnswered(done.turns, done.subagentTurns);
  });
});
