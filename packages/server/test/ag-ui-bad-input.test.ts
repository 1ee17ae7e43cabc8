import type { RunFinishedEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, runAgUi } from './support/ag-ui-run.js';

const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item',
  kind: 'write',
  input: z.object({ text: z.string().min(3) }),
  needsConfirmation: true,
  execute: ({ text }) => ({ added: text }),
});
const model = scriptedModel([[{ tool: 'add_item', input: { text: 'a fact' } }], [{ text: 'Done.' }]]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(agUiApp({ model, tools: [addItem] }));
});
afterAll(() => server?.close());

const user = (id: string, content: unknown = 'hello') => ({ id, role: 'user', content });
const input = (extra: Record<string, unknown>) => ({ threadId: 'bad-input', runId: 'r1', messages: [user('u1')], ...extra });

async function post(body: unknown, who = 'alice', contentType = 'application/json') {
  const response = await fetch(`${server.url}/ag-ui`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${who}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, error: (JSON.parse(text) as { error: { code: string; field: string; message: string } }).error };
}

/** A thread whose run stopped for an approval: its interrupt's id. */
async function interruptedThread(threadId: string): Promise<string> {
  const agent = agUiAgent(server.url, threadId);
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: 'add it' });
  const finished = (await runAgUi(agent)).events.at(-1) as RunFinishedEvent;
  if (finished.outcome?.type !== 'interrupt') throw new Error('expected an interrupt');
  return finished.outcome.interrupts[0]!.id;
}

describe('AG-UI endpoint: bad input is a 4xx naming the field', () => {
  it.each([
    ['no threadId', { runId: 'r1', messages: [] }, 'threadId'],
    ['no runId', { threadId: 't', messages: [] }, 'runId'],
    ['messages not a list', input({ messages: 'hello' }), 'messages'],
    ['a message with an unknown role', input({ messages: [{ id: 'm', role: 'robot', content: 'x' }] }), 'messages.0.role'],
    ['a user message without content', input({ messages: [{ id: 'm', role: 'user' }] }), 'messages.0.content'],
    ['a context entry without its value', input({ context: [{ description: 'page' }] }), 'context.0.value'],
    ['a resume entry with an unknown status', input({ resume: [{ interruptId: 'x', status: 'maybe' }] }), 'resume.0.status'],
  ])('%s (the schema of @ag-ui/core)', async (_name, body, field) => {
    const { status, error } = await post(body);
    expect(status).toBe(400);
    expect(error.code).toBe('invalid_request');
    expect(error.field).toBe(field);
    expect(error.message.startsWith(`${field}:`)).toBe(true);
  });

  it.each([
    ['a threadId that cannot be a session id', input({ threadId: 'no spaces here' }), 'threadId'],
    ['no user message at all', input({ messages: [] }), 'messages'],
    ['an empty user message', input({ messages: [user('u1', '   ')] }), 'messages.0.content'],
    ['an image part (not understood here, so not dropped silently)', input({ messages: [user('u1', [{ type: 'text', text: 'see' }, { type: 'image', source: { type: 'url', value: 'https://example.com/a.png' } }])] }), 'messages.0.content.1'],
  ])('%s', async (_name, body, field) => {
    const { status, error } = await post(body);
    expect(status).toBe(400);
    expect(error.field).toBe(field);
  });

  it('a user message past the text limit is a 400 whose message names `messages`, the field it gives (found by the route fuzz)', async () => {
    // 60,000 emoji pass the schema's length (zod counts code points) but not the server's limit (UTF-16 units).
    const { status, error } = await post(input({ threadId: 'too-long', messages: [user('u1', '😀'.repeat(60_000))] }));
    expect(status).toBe(400);
    expect(error.field).toBe('messages');
    expect(error.message).toBe('messages: the new user message has 120000 characters, more than the 100000 this server accepts');
  });

  it('a body that is not JSON, or not said to be, is refused before anything runs', async () => {
    expect(await post('{ not json')).toMatchObject({ status: 400, error: { field: 'body' } });
    expect(await post(input({}), 'alice', 'text/plain')).toMatchObject({ status: 415, error: { field: 'content-type' } });
  });

  it('a resume on a thread with nothing open is a 409; a resume naming no open interrupt, or with a bad answer, a 400', async () => {
    expect(await post(input({ threadId: 'nothing-open', resume: [{ interruptId: 'x', status: 'resolved' }] }))).toMatchObject({
      status: 409,
      error: { code: 'conflict', field: 'resume' },
    });
    const id = await interruptedThread('open');
    const again = (resume: unknown[], messages = [user('open-u1', 'add it')]) => post({ threadId: 'open', runId: 'r2', messages, resume });
    expect(await again([{ interruptId: 'nope', status: 'resolved' }])).toMatchObject({ status: 400, error: { field: 'resume.0.interruptId' } });
    expect(await again([{ interruptId: id, status: 'resolved', payload: { action: 'maybe' } }])).toMatchObject({ status: 400, error: { field: 'resume.0.payload.action' } });
    // An edited input is checked against the tool's schema, and named where it came from.
    expect(await again([{ interruptId: id, status: 'resolved', payload: { action: 'edit', input: { text: 'x' } } }])).toMatchObject({
      status: 400,
      error: { field: 'resume.0.payload.input' },
    });
    // Beside a new message too: the answers are checked before the message is taken.
    expect(await again([{ interruptId: id, status: 'resolved', payload: { action: 'maybe' } }], [user('open-u1', 'add it'), user('open-u2', 'and another')])).toMatchObject({
      status: 400,
      error: { field: 'resume.0.payload.action' },
    });
    // None of it touched the open call: a good answer still goes through.
    const agent = agUiAgent(server.url, 'open');
    agent.setMessages([{ id: 'open-u1', role: 'user', content: 'add it' }]);
    const resumed = await runAgUi(agent, { resume: [{ interruptId: id, status: 'resolved', payload: true }] });
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
  });

  it("someone else's thread answers as a thread nobody used: a resume is the same 409, a tool message the same 400", async () => {
    const id = await interruptedThread('alices');
    const asBob = async (threadId: string) => ({
      resume: await post(input({ threadId, messages: [], resume: [{ interruptId: id, status: 'resolved', payload: true }] }), 'bob'),
      tool: await post(input({ threadId, messages: [{ id: 'bob-t1', role: 'tool', toolCallId: id, content: '{"ok":true}' }] }), 'bob'),
    });
    const [onAlices, onNobodys] = [await asBob('alices'), await asBob('nobodys')];
    expect(onAlices.resume).toMatchObject({ status: 409, error: { code: 'conflict', field: 'resume' } });
    expect(onAlices.tool).toMatchObject({ status: 400, error: { code: 'invalid_request', field: 'messages' } });
    const unnamed = (answer: { status: number; error: { message: string } }, threadId: string) => ({ ...answer, error: { ...answer.error, message: answer.error.message.replaceAll(threadId, 'T') } });
    expect(unnamed(onAlices.resume, 'alices')).toEqual(unnamed(onNobodys.resume, 'nobodys'));
    expect(unnamed(onAlices.tool, 'alices')).toEqual(unnamed(onNobodys.tool, 'nobodys'));
    // Alice's call is still open: her answer goes through.
    const agent = agUiAgent(server.url, 'alices');
    agent.setMessages([{ id: 'alices-u1', role: 'user', content: 'add it' }]);
    const resumed = await runAgUi(agent, { resume: [{ interruptId: id, status: 'resolved', payload: true }] });
    expect(resumed.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
  });
});
