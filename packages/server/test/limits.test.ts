import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, memoryStore, scriptedModel, type AgentChatAppOptions } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sessionRef, type SessionStore } from '../src/index.js';

const bigTool = defineTool({
  name: 'read_log',
  description: 'Read the whole log',
  input: z.object({}),
  execute: () => 'line\n'.repeat(10_000),
});
const model = scriptedModel(({ text }) =>
  text === 'log' ? [[{ tool: 'read_log', input: {} }], [{ text: 'Read it.' }]] : [[{ text: `You said: ${text.slice(0, 20)}` }]],
);

const servers: RunningServer[] = [];
async function serve(options: Partial<AgentChatAppOptions> = {}): Promise<RunningServer> {
  const server = await serveApp(createAgentChat({ model, tools: [bigTool], authorize: () => 'tester', ...options }));
  servers.push(server);
  return server;
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

interface ErrorBody {
  error: { code: string; field?: string; message: string };
}

/** A raw POST whose body is written in 64 KiB pieces, as a slow uploader would: does the client get the 413? */
function rawPost(url: string, size: number, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers = { 'content-type': 'application/json', ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(size) }) };
    const request = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const next = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += next.length;
        if (!request.write(next)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe('request limits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ maxBodyBytes: 100_000, limits: { jsonDepth: 16, references: 2, attachments: 1, contextBytes: 1_000, messageChars: 500 } });
  });

  it('deep nesting is a 400 naming the body, checked before parsing (40,000 levels)', async () => {
    const client = agentClient(server.url);
    for (const depth of [17, 40_000]) {
      const body = `{"text":"hi","context":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const response = await client.request('/sessions/deep/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({ field: 'body', message: expect.stringContaining('nested deeper than 16') });
    }
    // Brackets inside strings are text, not nesting.
    expect((await client.send('deep', { text: `${'['.repeat(100)} hi` })).status).toBe(200);
  });

  it('an over-size body gets a 413 that the client actually receives, with Content-Length or chunked, small or huge', async () => {
    for (const chunked of [false, true]) {
      for (const size of [200_000, 8_000_000]) {
        const { status, body } = await rawPost(`${server.url}/sessions/big/messages`, size, chunked);
        expect(status, `${size} bytes, chunked: ${chunked}`).toBe(413);
        expect((JSON.parse(body) as ErrorBody).error).toMatchObject({ code: 'payload_too_large', field: 'body' });
      }
    }
    // And with fetch, as a browser would send it.
    const response = await fetch(`${server.url}/sessions/big/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(300_000) }),
    });
    expect(response.status).toBe(413);
    // The rest of that body is still on the socket: the answer closes the connection, so the next request (from
    // the same connection pool) gets a fresh one instead of "other side closed".
    expect(response.headers.get('connection')).toBe('close');
    const next = await agentClient(server.url).send('after-big', { text: 'hi' });
    expect(next.status).toBe(200);
    expect(next.headers.get('connection')).not.toBe('close');
  });

  it('message length, references, attachments and context size are each a 400 naming the field', async () => {
    const client = agentClient(server.url);
    const cases: [unknown, string][] = [
      [{ text: 'x'.repeat(501) }, 'text'],
      [{ text: 'hi', references: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] }, 'references'],
      [{ text: 'hi', attachments: [{ id: 'a', title: 'a' }, { id: 'b', title: 'b' }] }, 'attachments'],
      [{ text: 'hi', context: { page: 'p'.repeat(2_000) } }, 'context'],
    ];
    for (const [body, field] of cases) {
      const response = await client.send('limits', body);
      expect(response.status, field).toBe(400);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.field).toBe(field);
      expect(error.message).toMatch(new RegExp(`^${field}: .*this server accepts`));
    }
    // Nothing was stored by the refused messages.
    expect((await client.history('limits')).turns).toEqual([]);
  });

  it('rejects bad limits at createAgentChat, naming the limit', () => {
    expect(() => createAgentChat({ model, limits: { jsonDepth: 0 } })).toThrow(/limits\.jsonDepth/);
    expect(() => createAgentChat({ model, limits: { sessionTurns: 1.5 } })).toThrow(/limits\.sessionTurns/);
  });
});

describe('session caps', () => {
  it('at the turn cap a new message is refused with session_full, telling the user to clear or start anew; Clear works', async () => {
    const server = await serve({ limits: { sessionTurns: 6 } });
    const client = agentClient(server.url);
    for (let i = 0; i < 3; i++) await client.run('full', { text: `message ${i}` });
    expect((await client.history('full')).turns).toHaveLength(6);
    const refused = await client.send('full', { text: 'one more' });
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('session_full');
    expect(error.message).toMatch(/full.*6 turns.*Clear this conversation or start a new one/);
    expect((await client.history('full')).turns).toHaveLength(6);
    expect((await client.clear('full')).status).toBe(200);
    expect((await client.send('full', { text: 'fresh start' })).status).toBe(200);
  });

  it('at the byte cap too, and an import past the caps is a 413 naming the turns', async () => {
    const server = await serve({ limits: { sessionBytes: 2_000 } });
    const client = agentClient(server.url);
    await client.run('heavy', { text: 'y'.repeat(1_500) });
    await client.run('heavy', { text: 'y'.repeat(1_500) }).catch(() => undefined);
    const refused = await client.send('heavy', { text: 'more' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: 'session_full', message: expect.stringMatching(/bytes/) });

    const turns = Array.from({ length: 4 }, (_, i) => ({ id: `t${i}`, createdAt: 1, type: i % 2 ? 'assistant_text' : 'user', text: 'z'.repeat(800) }));
    const imported = await client.importRaw('too-big', { turns });
    expect(imported.status).toBe(413);
    expect(((await imported.json()) as ErrorBody).error).toMatchObject({ code: 'session_full', field: 'turns' });
  });
});

describe('memoryStore is bounded', () => {
  /** A new session of one 50 KB message, as the loop's first commit writes it. */
  const create = async (store: SessionStore, id: string) =>
    store.write(await sessionRef('p', id), 0, { append: [{ id: `${id}-t`, createdAt: 1, type: 'user', text: 'x'.repeat(50_000) }], set: { owner: 'p' } });
  const load = async (store: SessionStore, id: string) => store.load(await sessionRef('p', id));

  it('3,000 sessions of 50 KB keep at most maxSessions, least recently used out first', async () => {
    const store = memoryStore({ maxSessions: 200 });
    await create(store, 'kept');
    for (let i = 0; i < 3_000; i++) {
      await create(store, `s${i}`);
      if (i % 100 === 0) await load(store, 'kept'); // used now and then, so never the least recent
    }
    expect(store.size).toBe(200);
    expect(await load(store, 'kept')).toBeDefined();
    expect(await load(store, 's0')).toBeUndefined();
    expect(await load(store, 's2999')).toBeDefined();
  });

  it('the default keeps 1,000; a session unused past ttlMs is gone', async () => {
    const store = memoryStore();
    for (let i = 0; i < 1_200; i++) await create(store, `d${i}`);
    expect(store.size).toBe(1_000);

    // The store's clock is stopped and moved by hand: on a busy machine 30 ms may pass between two awaits.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const short = memoryStore({ ttlMs: 30 });
      await create(short, 'brief');
      expect(await load(short, 'brief')).toBeDefined();
      vi.setSystemTime(Date.now() + 60);
      expect(await load(short, 'brief')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(() => memoryStore({ maxSessions: 0 })).toThrow(/maxSessions/);
  });
});

describe('tool results and rate', () => {
  it('a tool result past toolResultChars is cut with a note, in the history the model reads', async () => {
    const server = await serve({ limits: { toolResultChars: 1_000 } });
    const client = agentClient(server.url);
    await client.run('log', { text: 'log' });
    const result = (await client.history('log')).turns.find((turn) => turn.type === 'tool_result');
    expect(result?.type === 'tool_result' && typeof result.output === 'string').toBe(true);
    const output = (result as { output: string }).output;
    expect(output.length).toBeLessThan(1_200);
    expect(output).toMatch(/\[truncated: the result was 50000 characters; only the first 1000 are shown\]$/);
  });

  it('rateLimit answers 429 with Retry-After past the limit, per principal', async () => {
    const server = await serve({ rateLimit: { limit: 3, windowMs: 60_000 }, authorize: (c) => c.req.header('x-user') ?? null });
    const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
    const bob = agentClient(server.url, { headers: { 'x-user': 'bob' } });
    for (let i = 0; i < 3; i++) expect((await ann.request('/tools')).status).toBe(200);
    const limited = await ann.request('/tools');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as ErrorBody).error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/Retry in \d+ s/) });
    expect((await bob.request('/tools')).status).toBe(200);
  });
});

describe('a bounded store and runs in flight', () => {
  it('memoryStore keeps past its cap the sessions runs hold, and once they end only its cap: no run loses anything', async () => {
    const slowModel = scriptedModel(({ text }) => [[{ text: `Answer to ${text}: ${'word '.repeat(40)}` }]], { chunkSize: 8, delayMs: 2 });
    const server = await serveApp(createAgentChat({ model: slowModel, store: memoryStore({ maxSessions: 1 }), authorize: () => 'tester' }));
    servers.push(server);
    const client = agentClient(server.url);
    // Three sessions at once through a store that keeps one: each run holds its own (SessionStore.hold) until its end.
    const runs = await Promise.all(['a', 'b', 'c'].map((id) => client.run(`bounded-${id}`, { text: id })));
    for (const events of runs) expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // Then the cap holds again: the last one let go is the one kept, whole; the others read as empty (as never used).
    const histories = await Promise.all(['a', 'b', 'c'].map((id) => client.history(`bounded-${id}`)));
    const kept = histories.filter((history) => history.turns.length > 0);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text']);
  });
});
