import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, DEFAULT_LIMITS, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Issue 31.1: a 1 MiB body of 349,000 empty objects took 4.2 s and answered 43 MB (65 MB on /ag-ui), every bad item
// listed. Every array now has a count checked before the body is validated, and a 400 names a handful of issues
// under 4 KB. Sizes and counts are asserted, never times.

const model = scriptedModel(({ text }) => [[{ text: `You said: ${text.slice(0, 20)}` }]]);
let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, authorize: (c) => c.req.header('authorization')?.replace(/^Bearer /, '') ?? null }));
});
afterAll(() => server?.close());

/** Just under the 1 MiB body limit: `count` empty objects. */
const MOST = 349_000;
const empties = (count: number) => Array.from({ length: count }, () => ({}));

interface Answer {
  status: number;
  bytes: number;
  error: { code: string; field?: string; message: string; issues?: { field: string; message: string }[] };
}

async function send(method: string, path: string, body: unknown, who = 'alice'): Promise<Answer> {
  const text = JSON.stringify(body);
  expect(text.length).toBeLessThanOrEqual(DEFAULT_LIMITS.bodyBytes);
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${who}` }, body: text });
  const answer = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(answer), error: (JSON.parse(answer) as Pick<Answer, 'error'>).error };
}

function expectBounded(answer: Answer, field: string) {
  expect(answer.status).toBe(400);
  expect(answer.error.field).toBe(field);
  expect(answer.error.message).toContain(field);
  expect(answer.bytes).toBeLessThanOrEqual(4096);
  expect(answer.error.issues?.length ?? 0).toBeLessThanOrEqual(5);
}

const agUi = (extra: Record<string, unknown>) => ({
  threadId: 'bounded-ag-ui',
  runId: 'r1',
  messages: [{ id: 'u1', role: 'user', content: 'hi' }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...extra,
});

describe('an array over its count is refused before its items are validated, naming it', () => {
  const cases: [string, string, string, unknown, string][] = [
    ['context.items', 'POST', '/sessions/b1/messages', { text: 'hi', context: { items: empties(MOST) } }, 'context.items'],
    ['references', 'POST', '/sessions/b2/messages', { text: 'hi', references: empties(MOST) }, 'references'],
    ['attachments', 'POST', '/sessions/b3/messages', { text: 'hi', attachments: empties(MOST) }, 'attachments'],
    ['resume decisions', 'POST', '/sessions/b4/resume', { decisions: empties(MOST) }, 'decisions'],
    ['resume results', 'POST', '/sessions/b4/resume', { results: empties(MOST) }, 'results'],
    ['retry context', 'POST', '/sessions/b5/retry', { context: { items: empties(MOST) } }, 'context.items'],
    ['commands context', 'POST', '/sessions/b6/commands', { context: { items: empties(MOST) } }, 'context.items'],
    ['an import\'s pending calls', 'PUT', '/sessions/b7', { turns: [], pending: empties(MOST) }, 'pending'],
    ['AG-UI messages', 'POST', '/ag-ui', agUi({ messages: empties(MOST) }), 'messages'],
    ['AG-UI context', 'POST', '/ag-ui', agUi({ context: empties(MOST) }), 'context'],
    ['AG-UI resume', 'POST', '/ag-ui', agUi({ resume: empties(MOST) }), 'resume'],
    // Arrays without a count of their own count toward the body's total.
    ['AG-UI tools', 'POST', '/ag-ui', agUi({ tools: empties(MOST) }), 'body'],
    [
      'an import nested 300 turns × 1,000 references deep',
      'PUT',
      '/sessions/b8',
      { turns: Array.from({ length: 300 }, (_, i) => ({ id: `u${i}`, type: 'user', text: 'a', createdAt: 0, references: empties(1000) })) },
      'body',
    ],
  ];
  it.each(cases)('%s', async (_name, method, path, body, field) => {
    expectBounded(await send(method, path, body), field);
  });
});

describe('the worst body within the counts still answers a handful of issues under 4 KB', () => {
  it('context.items at its count, every item bad', async () => {
    const answer = await send('POST', '/sessions/w1/messages', { text: 'hi', context: { items: empties(DEFAULT_LIMITS.contextItems) } });
    expectBounded(answer, 'context.items.0.id');
    expect(answer.error.issues).toHaveLength(5);
  });

  it('AG-UI messages at the session cap, every message bad', async () => {
    const answer = await send('POST', '/ag-ui', agUi({ messages: empties(DEFAULT_LIMITS.sessionTurns) }));
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(4096);
    expect(answer.error.issues!.length).toBeLessThanOrEqual(5);
    expect(answer.error.field).toMatch(/^messages\.0/);
  });

  it('fields named by long keys and control characters are cut, still under 4 KB', async () => {
    const key = '\u0001'.repeat(3000);
    const items = Array.from({ length: 20 }, () => ({ [key]: { [key]: 1 } }));
    const answer = await send('POST', '/sessions/w2/messages', { text: 'hi', context: { items }, references: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }, { id: 6 }] });
    expect(answer.status).toBe(400);
    expect(answer.bytes).toBeLessThanOrEqual(4096);
    expect(answer.error.issues!.length).toBeLessThanOrEqual(5);
  });
});

describe('the minor points', () => {
  it('a principal longer than 512 characters is a 401, not a 500', async () => {
    const answer = await send('POST', '/sessions/p1/messages', { text: 'hi' }, 'x'.repeat(513));
    expect(answer.status).toBe(401);
    expect(answer.error.code).toBe('unauthorized');
  });

  it('an AG-UI user message with an empty id is a 400 naming it, and stores nothing', async () => {
    const answer = await send('POST', '/ag-ui', agUi({ threadId: 'empty-id', messages: [{ id: '', role: 'user', content: 'hi' }] }));
    expectBounded(answer, 'messages.0.id');
    const history = await fetch(`${server.url}/sessions/empty-id`, { headers: { authorization: 'Bearer alice' } });
    const turns = history.status === 200 ? ((await history.json()) as { turns: unknown[] }).turns : [];
    expect(turns).toEqual([]);
  });
});
