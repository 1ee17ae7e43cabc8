import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileStore } from '../src/file-store.js';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp } from '../src/testing/serve-app.js';

const board: Array<{ id: string; text: string }> = [];

const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item to the board',
  kind: 'write',
  input: z.object({ type: z.enum(['fact', 'insight']), text: z.string().min(3) }),
  label: 'Add {type}',
  needsConfirmation: true,
  preview: ({ text }) => ({ after: text }),
  execute: ({ type, text }) => {
    const item = { id: `${type[0]!.toUpperCase()}-${board.length + 1}`, text };
    board.push(item);
    return item;
  },
});

// The agent's reply after the decision repeats the tool result it got, so tests can see what it read.
const model = scriptedModel(({ turns }) => {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return [
    [{ tool: 'add_item', input: { type: 'fact', text: 'Churn rose 4%' } }],
    [{ text: `Result: ${JSON.stringify(result?.type === 'tool_result' ? result.output : null)}` }],
  ];
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-chat-approvals-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

// One signing key for every instance, so a browser's session survives a restart (see docs/security.md).
const secret = 'approvals-test-secret-0123456789abcdef';
const serve = () => serveApp(createAgentChat({ model, tools: [addItem], store: fileStore({ dir }), secret }));
const replyOf = (events: Awaited<ReturnType<ReturnType<typeof agentClient>['run']>>) =>
  events.filter((e) => e.data.type === 'text_delta').map((e) => (e.data as { text: string }).text).join('');

async function pendingCall(url: string, sessionId: string) {
  const events = await sameBrowser(url).run(sessionId, { text: 'add a fact' });
  expect(events.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
  const waiting = events.find((e) => e.data.type === 'awaiting_input')!.data as { calls: Array<{ toolCallId: string }> };
  return waiting.calls[0]!.toolCallId;
}

describe('approvals', () => {
  it('approve runs the call as proposed', async () => {
    const server = await serve();
    try {
      const id = await pendingCall(server.url, 'approve');
      const events = await sameBrowser(server.url).resume('approve', { decisions: [{ toolCallId: id, action: 'approve' }] });
      expect(board.at(-1)).toMatchObject({ text: 'Churn rose 4%' });
      expect(replyOf(events)).toContain('Churn rose 4%');
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true });
    } finally {
      await server.close();
    }
  });

  it('edit with an invalid input is a 400 naming the field, the call stays pending, and a valid edit runs', async () => {
    const server = await serve();
    try {
      const c = sameBrowser(server.url);
      const id = await pendingCall(server.url, 'edit');
      const bad = await c.resumeRaw('edit', { decisions: [{ toolCallId: id, action: 'edit', input: { type: 'opinion', text: 'x' } }] });
      expect(bad.status).toBe(400);
      const error = ((await bad.json()) as { error: { field: string; message: string } }).error;
      expect(error.field).toBe('decisions.0.input');
      expect(error.message).toContain('type');
      expect((await c.history('edit')).pending).toHaveLength(1);

      const events = await c.resume('edit', { decisions: [{ toolCallId: id, action: 'edit', input: { type: 'fact', text: 'Churn rose 5%' } }] });
      expect(board.at(-1)).toMatchObject({ text: 'Churn rose 5%' });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
      const call = (await c.history('edit')).turns.find((t) => t.type === 'tool_call');
      expect(call).toMatchObject({ input: { type: 'fact', text: 'Churn rose 5%' } });
    } finally {
      await server.close();
    }
  });

  it('deny tells the agent the user refused, with the reason, and runs nothing', async () => {
    const server = await serve();
    try {
      const before = board.length;
      const id = await pendingCall(server.url, 'deny');
      const events = await sameBrowser(server.url).resume('deny', { decisions: [{ toolCallId: id, action: 'deny', reason: 'wrong number' }] });
      expect(board.length).toBe(before);
      expect(events.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ isError: true, output: 'The user refused this action. Reason: wrong number' });
      expect(replyOf(events)).toContain('refused');
    } finally {
      await server.close();
    }
  });

  it('pending calls survive a server restart with the file store, and resume on the new instance', async () => {
    const first = await serve();
    const id = await pendingCall(first.url, 'restart');
    await first.close();
    const second = await serve();
    try {
      const c = agentClient(second.url, { cookies: sameBrowser(first.url).cookies });
      const history = await c.history('restart');
      expect(history.pending).toEqual([expect.objectContaining({ toolCallId: id, name: 'add_item', label: 'Add fact', preview: { after: 'Churn rose 4%' } })]);
      const events = await c.resume('restart', { decisions: [{ toolCallId: id, action: 'approve' }] });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    } finally {
      await second.close();
    }
  });

  it('answers unknown or mismatched ids with a 400, and resume with nothing pending with 409', async () => {
    const server = await serve();
    try {
      const c = sameBrowser(server.url);
      const id = await pendingCall(server.url, 'wrong');
      const unknown = await c.resumeRaw('wrong', { decisions: [{ toolCallId: 'nope', action: 'approve' }] });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { field: string } }).error.field).toBe('decisions.0.toolCallId');
      const mismatched = await c.resumeRaw('wrong', { results: [{ toolCallId: id, output: 1 }] });
      expect(mismatched.status).toBe(400);
      expect(((await mismatched.json()) as { error: { message: string } }).error.message).toContain('needs a decision');
      await c.resume('wrong', { decisions: [{ toolCallId: id, action: 'deny' }] });
      const none = await c.resumeRaw('wrong', { decisions: [] });
      expect(none.status).toBe(409);
      const missing = await c.resumeRaw('never-started', { decisions: [] });
      expect(missing.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('a new message while a call is pending answers it as not run, and the history stays valid', async () => {
    const server = await serve();
    try {
      const c = sameBrowser(server.url);
      await pendingCall(server.url, 'moved-on');
      const events = await c.run('moved-on', { text: 'never mind' });
      expect(events.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ isError: true });
      const history = await c.history('moved-on');
      const types = history.turns.map((t) => t.type);
      expect(types.slice(0, 4)).toEqual(['user', 'tool_call', 'tool_result', 'user']);
    } finally {
      await server.close();
    }
  });
});
