import type { MessagesSnapshotEvent, RunFinishedEvent, ToolCallResultEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';

const board: string[] = [];
const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item to the board',
  kind: 'write',
  input: z.object({ text: z.string().min(3) }),
  label: 'Add "{text}"',
  needsConfirmation: true,
  preview: ({ text }) => ({ after: text }),
  execute: ({ text }) => {
    board.push(text);
    return { added: text };
  },
});
// Runs in the page: an AG-UI frontend tool, answered with a tool message.
const highlight = defineTool({ name: 'highlight', description: 'Highlight an item', kind: 'client', input: z.object({ id: z.string() }) });

// The reply after the answer repeats the tool result the model got, so the test sees what it read.
const model = scriptedModel(({ text, turns }) => {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  const call = text.includes('highlight') ? { tool: 'highlight', input: { id: 'F-1' } } : { tool: 'add_item', input: { text: 'Churn rose 4%' } };
  return [[{ text: 'On it.' }, call], [{ text: `Result: ${JSON.stringify(result?.type === 'tool_result' ? result.output : null)}` }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(agUiApp({ model, tools: [addItem, highlight] }));
});
afterAll(() => server?.close());

const agentMessages = (run: { events: readonly { type: unknown }[] }) =>
  (run.events.find((e) => e.type === 'MESSAGES_SNAPSHOT') as MessagesSnapshotEvent).messages as Array<{ role: string; toolCallId?: string }>;
const last = (events: readonly { type: unknown }[]) => events.at(-1) as RunFinishedEvent;

async function interrupted(threadId: string) {
  const agent = agUiAgent(server.url, threadId);
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: 'add a fact' });
  const run = await runAgUi(agent);
  return { agent, run, finished: last(run.events) };
}

describe('AG-UI endpoint: an approval is an interrupt, answered by the next run', () => {
  it('stops with an interrupt outcome for the call, and approving it runs the call and the turn goes on', async () => {
    const { agent, run, finished } = await interrupted('approve');
    expect(eventTypes(run.events).slice(-6)).toEqual(['TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'MESSAGES_SNAPSHOT', 'RUN_FINISHED']);
    expect(finished.outcome?.type).toBe('interrupt');
    const [interrupt] = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts : [];
    expect(interrupt).toMatchObject({ reason: 'tool_approval', message: 'Add "Churn rose 4%"', metadata: { 'agent-chat': { name: 'add_item', input: { text: 'Churn rose 4%' }, preview: { after: 'Churn rose 4%' } } } });
    expect(interrupt!.toolCallId).toBe(interrupt!.id);
    expect(finished.result).toMatchObject({ stopReason: 'awaiting_input' });
    // The client keeps the interrupt open, and will not start another run that does not answer it.
    expect(agent.pendingInterrupts.map((i) => i.id)).toEqual([interrupt!.id]);
    await expect(agent.runAgent()).rejects.toThrow(/pending interrupt/);
    expect(board).not.toContain('Churn rose 4%');

    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: { action: 'approve' } }] });
    expect(eventTypes(resumed.events)).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'MESSAGES_SNAPSHOT',
      'RUN_FINISHED',
    ]);
    const result = ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!;
    expect(result).toMatchObject({ toolCallId: interrupt!.id, metadata: { 'agent-chat': { confirmation: { action: 'approve' } } } });
    expect(JSON.parse(result.content as string)).toEqual({ added: 'Churn rose 4%' });
    expect(board).toContain('Churn rose 4%');
    expect(last(resumed.events)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn', hasWrites: true } });
    expect(agent.pendingInterrupts).toEqual([]);
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Result: {"added":"Churn rose 4%"}' });
  });

  it('denying it (a cancelled resume entry) answers the call as refused, runs nothing, and the turn goes on', async () => {
    const before = board.length;
    const { agent, finished } = await interrupted('deny');
    const id = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts[0]!.id : '';
    const resumed = await runAgUi(agent, { resume: [{ interruptId: id, status: 'cancelled' }] });
    const result = ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!;
    expect(result.content).toContain('The user refused this action.');
    expect(result.metadata).toMatchObject({ 'agent-chat': { isError: true, confirmation: { action: 'deny' } } });
    expect(board.length).toBe(before);
    expect(last(resumed.events)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn', hasWrites: false } });
    // The tool message in the client's history carries the refusal as its error.
    expect(agent.messages.find((m) => m.role === 'tool')).toMatchObject({ toolCallId: id, error: expect.stringContaining('refused') });
  });

  it('a denial with a reason, given as the payload, reaches the model', async () => {
    const { agent, finished } = await interrupted('deny-reason');
    const id = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts[0]!.id : '';
    await runAgUi(agent, { resume: [{ interruptId: id, status: 'resolved', payload: { action: 'deny', reason: 'not now' } }] });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('Reason: not now') });
  });

  it("AG-UI's common approval shape is understood too: { approved, editedArgs } runs the edited call", async () => {
    const { agent, finished } = await interrupted('approved-shape');
    const id = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts[0]!.id : '';
    const resumed = await runAgUi(agent, { resume: [{ interruptId: id, status: 'resolved', payload: { approved: true, editedArgs: { text: 'Churn rose 5%' } } }] });
    expect(board).toContain('Churn rose 5%');
    expect(ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!.metadata).toMatchObject({
      'agent-chat': { confirmation: { action: 'edit', input: { text: 'Churn rose 5%' } } },
    });
    // The snapshot shows the call as it ran.
    const call = agent.messages.flatMap((m) => ('toolCalls' in m ? (m.toolCalls ?? []) : [])).find((c) => c.id === id);
    expect(JSON.parse(call!.function.arguments)).toEqual({ text: 'Churn rose 5%' });
  });

  it('a new message instead of an answer (a client that allows it) answers the call as not run and starts a new turn', async () => {
    const before = board.length;
    const { finished } = await interrupted('moved-on');
    const id = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts[0]!.id : '';
    // Another client on the thread, which knows nothing of the open interrupt.
    const other = agUiAgent(server.url, 'moved-on');
    other.addMessage({ id: 'moved-on-u2', role: 'user', content: 'never mind that' });
    const run = await runAgUi(other);
    const answered = agentMessages(run).find((m) => m.role === 'tool' && m.toolCallId === id);
    expect(answered).toMatchObject({ error: expect.stringContaining('Not run') });
    expect(board.length).toBe(before);
    // The new turn stops for its own approval: the old call is not among the interrupts.
    const again = (run.events.at(-1) as RunFinishedEvent).outcome;
    expect(again?.type === 'interrupt' ? again.interrupts.map((i) => i.id) : []).not.toContain(id);
  });

  it('a client tool ends the run as a success naming the call, and a tool message answers it', async () => {
    const agent = agUiAgent(server.url, 'client-tool');
    agent.addMessage({ id: 'ct-u1', role: 'user', content: 'highlight F-1' });
    const run = await runAgUi(agent);
    const finished = last(run.events);
    const callId = run.events.find((e) => e.type === 'TOOL_CALL_START')!.toolCallId as string;
    expect(finished.outcome).toEqual({ type: 'success', pendingToolCallIds: [callId] });
    expect(finished.result).toMatchObject({ stopReason: 'awaiting_input' });

    // The page ran it: its result is a tool message in the next input, as for any AG-UI frontend tool.
    agent.addMessage({ id: 'ct-t1', role: 'tool', toolCallId: callId, content: JSON.stringify({ highlighted: 'F-1' }) });
    const next = await runAgUi(agent);
    expect(last(next.events)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn' } });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Result: {"highlighted":"F-1"}' });
  });

  it("a tool message beside a new user message: the page's result is kept, then the message starts the next turn", async () => {
    const agent = agUiAgent(server.url, 'client-tool-then-message');
    agent.addMessage({ id: 'ctm-u1', role: 'user', content: 'highlight F-1' });
    const run = await runAgUi(agent);
    const callId = run.events.find((e) => e.type === 'TOOL_CALL_START')!.toolCallId as string;
    agent.addMessage({ id: 'ctm-t1', role: 'tool', toolCallId: callId, content: JSON.stringify({ highlighted: 'F-1' }) });
    agent.addMessage({ id: 'ctm-u2', role: 'user', content: 'add a fact' });
    const next = await runAgUi(agent);
    const history = agentMessages(next);
    const result = history.findIndex((m) => m.role === 'tool' && m.toolCallId === callId);
    expect(history[result]).toMatchObject({ content: JSON.stringify({ highlighted: 'F-1' }) });
    expect(history[result]).not.toHaveProperty('error');
    expect(history.findIndex((m) => 'id' in m && m.id === 'ctm-u2')).toBeGreaterThan(result);
    // The new turn reached the model: it stops for its own approval.
    expect(last(next.events).outcome?.type).toBe('interrupt');
  });
});
