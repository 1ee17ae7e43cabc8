import type { Message, RunFinishedEvent, TextMessageStartEvent, ToolCallArgsEvent, StateDeltaEvent, StateSnapshotEvent, ToolCallResultEvent, ToolCallStartEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';

// The host's state: notes per session, which the state option snapshots for undo (and the stream sends).
const notes = new Map<string, string[]>();
const addNote = defineTool({
  name: 'add_note',
  description: 'Add a note',
  kind: 'write',
  input: z.object({ text: z.string() }),
  label: 'Add note',
  execute: ({ text }, { sessionId }) => {
    notes.set(sessionId, [...(notes.get(sessionId) ?? []), text]);
    return { added: text };
  },
});
const model = scriptedModel(({ text }) =>
  text === 'fail'
    ? [[{ text: 'Trying.' }, { error: 'The model broke.' }]]
    : [
        [{ thinking: 'Two notes to add.' }, { text: 'Adding them.' }, { tool: 'add_note', input: { text: 'first' } }, { tool: 'add_note', input: { text: 'second' } }],
        [{ text: `Added ${text}.` }],
      ],
  // Tool inputs stream in pieces (tool_input_delta), as a real model writes them.
  { inputChunkSize: 5 },
);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    agUiApp({
      model,
      tools: [addNote],
      state: {
        snapshot: (sessionId) => ({ notes: [...(notes.get(sessionId) ?? [])] }),
        restore: (sessionId, snapshot) => notes.set(sessionId, [...(snapshot as { notes: string[] }).notes]),
      },
    }),
  );
});
afterAll(() => server?.close());

describe('AG-UI endpoint: one turn with tools', () => {
  it('streams the turn in AG-UI order, every event valid, and the client ends with our history and the host state', async () => {
    const agent = agUiAgent(server.url, 'turn-1');
    agent.addMessage({ id: 'u-1', role: 'user', content: 'two notes' });
    const run = await runAgUi(agent, { runId: 'client-run-1' });

    expect(eventTypes(run.events)).toEqual([
      'RUN_STARTED',
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'STATE_SNAPSHOT',
      'TOOL_CALL_RESULT',
      'STATE_DELTA',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'MESSAGES_SNAPSHOT',
      'RUN_FINISHED',
    ]);
    expect(run.events[0]).toMatchObject({ threadId: 'turn-1', runId: 'client-run-1' });

    const [first, second] = ofType<ToolCallStartEvent>(run.events, 'TOOL_CALL_START');
    expect(first).toMatchObject({ toolCallName: 'add_note' });
    // Both calls hang on the assistant message whose text came before them.
    const textStart = ofType<TextMessageStartEvent>(run.events, 'TEXT_MESSAGE_START')[0]!;
    expect(first!.parentMessageId).toBe(textStart.messageId);
    expect(second!.parentMessageId).toBe(textStart.messageId);
    // The args' pieces, joined, are the call's input.
    const args = (id: string) => ofType<ToolCallArgsEvent>(run.events, 'TOOL_CALL_ARGS').filter((e) => e.toolCallId === id).map((e) => e.delta).join('');
    expect(JSON.parse(args(first!.toolCallId))).toEqual({ text: 'first' });
    expect(ofType<ToolCallArgsEvent>(run.events, 'TOOL_CALL_ARGS').filter((e) => e.toolCallId === first!.toolCallId).length).toBeGreaterThan(1);
    expect(JSON.parse(args(second!.toolCallId))).toEqual({ text: 'second' });
    expect(ofType<ToolCallResultEvent>(run.events, 'TOOL_CALL_RESULT').map((event) => JSON.parse(event.content as string))).toEqual([
      { added: 'first' },
      { added: 'second' },
    ]);
    expect(ofType<StateSnapshotEvent>(run.events, 'STATE_SNAPSHOT')[0]!.snapshot).toEqual({ notes: ['first'] });
    expect(ofType<StateDeltaEvent>(run.events, 'STATE_DELTA')[0]!.delta).toEqual([{ op: 'replace', path: '/notes', value: ['first', 'second'] }]);

    const finished = run.events.at(-1) as RunFinishedEvent;
    expect(finished.outcome).toEqual({ type: 'success' });
    expect(finished.result).toMatchObject({ stopReason: 'end_turn', hasWrites: true, undoable: true });

    // The client applied the state patch, and holds the history the server stored, under the same ids.
    expect(agent.state).toEqual({ notes: ['first', 'second'] });
    const shape = (messages: Message[]) => messages.map((m) => [m.role, 'toolCalls' in m ? (m.toolCalls?.length ?? 0) : 0]);
    expect(shape(agent.messages)).toEqual([
      ['user', 0],
      ['reasoning', 0],
      ['assistant', 2],
      ['tool', 0],
      ['tool', 0],
      ['assistant', 0],
    ]);
    expect(agent.messages[0]!.id).toBe('u-1');
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Added two notes.' });

    // The same thread is our session: our own history route shows it, and a second message goes on from it.
    agent.addMessage({ id: 'u-2', role: 'user', content: 'two more' });
    const next = await runAgUi(agent);
    expect((next.events.at(-1) as RunFinishedEvent).outcome).toEqual({ type: 'success' });
    expect(agent.messages.filter((m) => m.role === 'user').map((m) => m.id)).toEqual(['u-1', 'u-2']);
    expect(notes.get('turn-1')).toEqual(['first', 'second', 'first', 'second']);

    // Undo is our route, on the thread's session, and undoes what the AG-UI turn wrote.
    expect((next.events.at(-1) as RunFinishedEvent).result).toMatchObject({ undoable: true });
    const undone = await agentClient(server.url, { headers: { authorization: 'Bearer alice' } }).undo('turn-1');
    expect(undone.status).toBe(200);
    expect(notes.get('turn-1')).toEqual(['first', 'second']);
  });

  it('a failed run ends with RUN_ERROR (no RUN_FINISHED after it), and the thread goes on', async () => {
    const agent = agUiAgent(server.url, 'fails');
    agent.addMessage({ id: 'f-1', role: 'user', content: 'fail' });
    const { events } = await runAgUi(agent);
    expect(eventTypes(events)).toEqual(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'MESSAGES_SNAPSHOT', 'RUN_ERROR']);
    expect(events.at(-1)).toMatchObject({ message: 'The model broke.' });

    agent.addMessage({ id: 'f-2', role: 'user', content: 'one note' });
    const next = await runAgUi(agent);
    expect(next.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
  });
});
