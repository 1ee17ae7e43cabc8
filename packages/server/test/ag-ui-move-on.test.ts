import type { Interrupt, MessagesSnapshotEvent, RunFinishedEvent, ToolCallResultEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, defineTool } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';

// AG-UI's interrupt rules: a client that sends a new message while interrupts are open sends them back in the same
// input (resolved, or cancelled to drop them). The server applies those answers, then takes the message, in one
// run; the model, behind the real Anthropic SDK, is sent a history the fake Messages API checks as the API does
// (every tool_use answered by a tool_result right after it).

const board: string[] = [];
const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item to the board',
  kind: 'write',
  input: z.object({ text: z.string() }),
  needsConfirmation: true,
  execute: ({ text }) => {
    board.push(text);
    return { added: text };
  },
});

type Block = Record<string, unknown>;
type Sent = { role: string; content: string | Block[] };
const messagesOf = (request: RecordedRequest | undefined) => (request?.['messages'] ?? []) as Sent[];
const lastText = (request: RecordedRequest) => {
  const content = messagesOf(request).at(-1)?.content ?? '';
  return typeof content === 'string' ? content : content.filter((block) => block['type'] === 'text').map((block) => block['text']).join('');
};

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  // "add both <thread>" makes two calls that need approval, in one step; anything else is answered in words.
  fake = await startFakeAnthropic({
    replies: (request, index) => {
      const asked = /^add both (\S+)$/.exec(lastText(request));
      if (!asked) return { content: [{ type: 'text', text: 'Noted.' }] };
      const [, thread] = asked;
      return {
        content: [
          { type: 'tool_use', id: `toolu_${index}_a`, name: 'add_item', input: { text: `${thread} A` } },
          { type: 'tool_use', id: `toolu_${index}_b`, name: 'add_item', input: { text: `${thread} B` } },
        ],
      };
    },
  });
  server = await serveApp(agUiApp({ model: anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.url }), tools: [addItem] }));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A thread whose run stopped for two approvals: the client, and the two interrupts. */
async function twoOpen(threadId: string) {
  const agent = agUiAgent(server.url, threadId);
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: `add both ${threadId}` });
  const finished = (await runAgUi(agent)).events.at(-1) as RunFinishedEvent;
  const interrupts: Interrupt[] = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts : [];
  expect(interrupts).toHaveLength(2);
  return { agent, a: interrupts[0]!, b: interrupts[1]! };
}

describe('AG-UI endpoint: a new message beside answers to the open interrupts', () => {
  it('applies the answers (an approval runs its call, a cancelled one is refused), then takes the message, in one run', async () => {
    const { agent, a, b } = await twoOpen('move-on');
    const asked = fake.requests.length;
    agent.addMessage({ id: 'move-on-u2', role: 'user', content: 'Tell me when done.' });
    const run = await runAgUi(agent, {
      resume: [
        { interruptId: a.id, status: 'resolved', payload: { approved: true } },
        { interruptId: b.id, status: 'cancelled' },
      ],
    });

    // The answers' results first, then the new turn's reply.
    const types = eventTypes(run.events);
    expect(types.slice(0, 4)).toEqual(['RUN_STARTED', 'TOOL_CALL_RESULT', 'TOOL_CALL_RESULT', 'TEXT_MESSAGE_START']);
    expect(types.slice(-2)).toEqual(['MESSAGES_SNAPSHOT', 'RUN_FINISHED']);
    const [approved, refused] = ofType<ToolCallResultEvent>(run.events, 'TOOL_CALL_RESULT');
    expect(approved).toMatchObject({ toolCallId: a.id, metadata: { 'agent-chat': { confirmation: { action: 'approve' } } } });
    expect(JSON.parse(approved!.content as string)).toEqual({ added: 'move-on A' });
    expect(refused).toMatchObject({ toolCallId: b.id, metadata: { 'agent-chat': { isError: true, confirmation: { action: 'deny' } } } });
    expect(refused!.content).toContain('The user refused this action.');
    expect(board).toContain('move-on A');
    expect(board).not.toContain('move-on B');
    // The write belongs to the turn that asked for it; the new turn wrote nothing.
    expect(run.events.at(-1)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn', hasWrites: false } });
    expect(agent.pendingInterrupts).toEqual([]);

    // One model call, its history valid (the fake answers an invalid one with a 400): both results, then the message.
    expect(fake.requests.length).toBe(asked + 1);
    const sent = messagesOf(fake.requests.at(-1));
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    const answered = sent[2]!.content as Block[];
    expect(answered.map((block) => block['type'])).toEqual(['tool_result', 'tool_result', 'text']);
    expect(answered.map((block) => block['tool_use_id'] ?? block['text'])).toEqual([a.toolCallId, b.toolCallId, 'Tell me when done.']);
    expect(answered[1]).toMatchObject({ is_error: true });

    // The thread's history, as the client now holds it, says the same.
    const snapshot = ofType<MessagesSnapshotEvent>(run.events, 'MESSAGES_SNAPSHOT')[0]!.messages;
    expect(snapshot.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user', 'assistant']);
    expect(snapshot[4]).toMatchObject({ id: 'move-on-u2', content: 'Tell me when done.' });
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Noted.' });
  });

  it('a resume that leaves an open interrupt out beside a new message is a 400 naming it; nothing runs, and a whole one goes through', async () => {
    const { agent, a, b } = await twoOpen('left-out');
    const asked = fake.requests.length;
    const messages = [...agent.messages, { id: 'left-out-u2', role: 'user', content: 'Tell me when done.' }];
    const response = await fetch(`${server.url}/ag-ui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer alice' },
      body: JSON.stringify({ threadId: 'left-out', runId: 'r2', messages, resume: [{ interruptId: a.id, status: 'resolved', payload: { approved: true } }] }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { field: string; message: string } };
    expect(error.field).toBe('resume');
    expect(error.message).toContain(`"${b.id}"`);
    expect(error.message).not.toContain(`"${a.id}"`);
    expect(board).not.toContain('left-out A');
    expect(fake.requests.length).toBe(asked);

    // Both still open: the client answers them both, beside the same message.
    agent.addMessage({ id: 'left-out-u2', role: 'user', content: 'Tell me when done.' });
    const run = await runAgUi(agent, {
      resume: [
        { interruptId: a.id, status: 'cancelled' },
        { interruptId: b.id, status: 'resolved', payload: { approved: true } },
      ],
    });
    expect(run.events.at(-1)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn' } });
    expect(board).toContain('left-out B');
    expect(board).not.toContain('left-out A');
  });
});
