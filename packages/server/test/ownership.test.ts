import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionResponse } from '@agent-chat/protocol';
import { fileStore } from '../src/file-store.js';
import { createAgentChat, defineTool, scriptedModel, type AgentChatAppOptions } from '../src/index.js';
import { redisCoordination } from '../src/redis.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';
import { strangerRoutes, whatItShows, type StrangerRoute } from './support/stranger-routes.js';

// A's session holds everything a stranger could want: history, an undoable write, and a pending approval. The
// host's notes are kept per session id, as a host's documents are: a stranger's session of the same id must never
// reach them through the routes (only through the tools it runs itself, which is the host's to check).
const notes = new Map<string, string[]>();
const writeNote = defineTool({
  name: 'write_note',
  description: 'Write a note',
  kind: 'write',
  input: z.object({ text: z.string() }),
  execute: ({ text }, { sessionId }) => {
    notes.set(sessionId, [...(notes.get(sessionId) ?? []), text]);
    return { written: text };
  },
});
const deleteNotes = defineTool({
  name: 'delete_notes',
  description: 'Delete every note',
  kind: 'write',
  input: z.object({}),
  needsConfirmation: true,
  execute: (_input, { sessionId }) => {
    notes.set(sessionId, []);
    return { deleted: true };
  },
});
const model = scriptedModel(
  ({ text }) =>
    text.startsWith('delete')
      ? [[{ tool: 'delete_notes', input: {} }], [{ text: 'Deleted.' }]]
      : text.startsWith('slow')
        ? [[{ text: 'A slow answer that takes its time. '.repeat(20) }]]
        : [[{ tool: 'write_note', input: { text } }], [{ text: 'Noted.' }]],
  { chunkSize: 8, delayMs: 0 },
);

function agent(options: Partial<AgentChatAppOptions> = {}) {
  return createAgentChat({
    model,
    tools: [writeNote, deleteNotes],
    state: {
      snapshot: (sessionId) => [...(notes.get(sessionId) ?? [])],
      restore: (sessionId, snapshot) => {
        notes.set(sessionId, snapshot as string[]);
      },
    },
    secret: 'ownership-test-secret-0123456789abcdef',
    ...options,
  });
}

/** A's session with history, something to undo, and an approval waiting; returns what A sees of it. */
async function preparedSession(a: AgentClient, sessionId: string): Promise<SessionResponse> {
  await a.run(sessionId, { text: 'remember the milk' });
  const events = await a.run(sessionId, { text: 'delete everything' });
  expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'awaiting_input' });
  const history = await a.history(sessionId);
  expect(history.pending).toHaveLength(1);
  expect(history.turns.length).toBeGreaterThan(3);
  return history;
}

/**
 * On every route, a stranger's request on A's id answers exactly as the same request on an id nobody used (each
 * from a stranger with nothing yet, so neither answer depends on the requests before it), and A's session, run
 * slot and host state are as they were.
 */
async function everyRouteAsIfUnused(a: AgentClient, stranger: () => AgentClient, prefix: string) {
  const owned = `${prefix}-private`;
  const before = await preparedSession(a, owned);
  const callId = before.pending[0]!.toolCallId;
  const turnId = before.turns[0]!.id;
  const notesBefore = [...(notes.get(owned) ?? [])];
  for (const route of Object.keys(strangerRoutes) as StrangerRoute[]) {
    const unused = `${prefix}-never-${route}`;
    const onOwned = await whatItShows(await strangerRoutes[route](stranger(), owned, callId, turnId), owned);
    const onUnused = await whatItShows(await strangerRoutes[route](stranger(), unused, callId, turnId), unused);
    expect(onOwned, route).toEqual(onUnused);
  }
  expect(await a.history(owned)).toEqual(before);
  expect(notes.get(owned)).toEqual(notesBefore);
  // A can still do all of it.
  const approved = await a.resume(owned, { decisions: [{ toolCallId: callId, action: 'approve' }] });
  expect(approved.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  expect((await a.undo(owned)).status).toBe(200);
  expect((await a.clear(owned)).status).toBe(200);
}

/** Two principals, one id: two conversations, each with its own history, list, run and delete. */
async function twoConversations(a: AgentClient, b: AgentClient, id: string) {
  // Both at once: each has a run slot of its own.
  const [runA, runB] = await Promise.all([a.send(id, { text: 'slow from a' }), b.send(id, { text: 'slow from b' })]);
  expect([runA.status, runB.status]).toEqual([200, 200]);
  for (const events of await Promise.all([readAgentEvents(runA), readAgentEvents(runB)])) {
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(events[0]!.data).toMatchObject({ type: 'run_started', sessionId: id });
  }
  await b.run(id, { text: 'a note from b' });
  const texts = async (client: AgentClient) => (await client.history(id)).turns.flatMap((turn) => (turn.type === 'user' ? [turn.text] : []));
  expect(await texts(a)).toEqual(['slow from a']);
  expect(await texts(b)).toEqual(['slow from b', 'a note from b']);
  const listed = async (client: AgentClient) => ((await (await client.request('/sessions')).json()) as { sessions: { id: string; title: string }[] }).sessions;
  expect((await listed(a)).filter((session) => session.id === id)).toEqual([expect.objectContaining({ id, title: 'slow from a' })]);
  expect((await listed(b)).filter((session) => session.id === id)).toEqual([expect.objectContaining({ id, title: 'slow from b' })]);
  expect((await b.clear(id)).status).toBe(200);
  expect(await texts(b)).toEqual([]);
  expect(await texts(a)).toEqual(['slow from a']);
}

/** The stores a session can be kept in, each over a real storage: memory, a folder, a Redis. */
const stores: { name: string; skip?: string; setUp(): Promise<{ options: Partial<AgentChatAppOptions>; close(): Promise<void> }> }[] = [
  { name: 'memoryStore', setUp: async () => ({ options: {}, close: async () => {} }) },
  {
    name: 'fileStore',
    async setUp() {
      const dir = await mkdtemp(join(tmpdir(), 'agent-chat-ownership-'));
      return { options: { store: fileStore({ dir }) }, close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'redisStore, with the Redis coordinator and event log',
    skip: redisSkipReason('ownership.test.ts'),
    async setUp() {
      const redis: RedisServer = await startRedisServer();
      const shared = redisCoordination({ url: redis.url, prefix: 'ownership:' });
      return {
        options: { store: shared.store, coordinator: shared.coordinator, events: shared.events },
        close: async () => {
          await shared.close();
          await redis.stop();
        },
      };
    },
  },
];

for (const kept of stores) {
  describe.skipIf(kept.skip)(`sessions are found by owner and id (${kept.name})`, () => {
    let cookieServer: RunningServer;
    let userServer: RunningServer;
    let close: () => Promise<void>;
    let options: Partial<AgentChatAppOptions>;
    beforeAll(async () => {
      const storage = await kept.setUp();
      ({ close, options } = storage);
      cookieServer = await serveApp(agent(storage.options));
      userServer = await serveApp(agent({ ...storage.options, authorize: (c) => c.req.header('authorization')?.replace(/^Bearer user-/, '') ?? null }));
    });
    afterAll(async () => {
      await Promise.all([cookieServer?.close(), userServer?.close()]);
      await close?.();
    });

    it('anonymous cookies: a stranger’s request on every route answers as for an id nobody used, and A’s session is unchanged', async () => {
      await everyRouteAsIfUnused(agentClient(cookieServer.url), () => agentClient(cookieServer.url), 'cookie');
    });

    it('the host’s authorize: user B’s request on every route answers as for an id nobody used', async () => {
      let strangers = 0;
      const a = agentClient(userServer.url, { headers: { authorization: 'Bearer user-alice' } });
      await everyRouteAsIfUnused(a, () => agentClient(userServer.url, { headers: { authorization: `Bearer user-stranger${++strangers}` } }), 'user');
    });

    it('two principals using one id have two conversations, and neither can stop or see the other’s run', async () => {
      await twoConversations(agentClient(cookieServer.url), agentClient(cookieServer.url), 'doc-42');
      const a = agentClient(cookieServer.url);
      const b = agentClient(cookieServer.url);
      const running = await a.send('doc-7', { text: 'slow please' });
      const events = readAgentEvents(running);
      // B has no session "doc-7": Stop answers as for any id B never used, and A's run goes on to its end.
      const cancel = await b.cancel('doc-7');
      expect(cancel.status).toBe(404);
      expect(await whatItShows(cancel, 'doc-7')).toEqual(await whatItShows(await b.cancel('doc-never'), 'doc-never'));
      expect((await events).at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    });

    it('a team whose authorize returns one principal shares its sessions', async () => {
      const teamServer = await serveApp(agent({ ...options, authorize: (c) => (c.req.header('x-user')?.startsWith('sales-') ? 'team-sales' : null) }));
      try {
        const ann = agentClient(teamServer.url, { headers: { 'x-user': 'sales-ann' } });
        const bob = agentClient(teamServer.url, { headers: { 'x-user': 'sales-bob' } });
        await ann.run('pipeline', { text: 'remember the pipeline' });
        expect((await bob.history('pipeline')).turns[0]).toMatchObject({ type: 'user', text: 'remember the pipeline' });
      } finally {
        await teamServer.close();
      }
    });
  });
}

describe('principals', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serveApp(agent());
  });
  afterAll(() => server.close());

  it('two cookie jars are two principals, each with a signed HttpOnly SameSite=Lax cookie', async () => {
    const a = agentClient(server.url);
    const b = agentClient(server.url);
    await a.tools();
    await b.tools();
    const [cookieA] = a.cookies.values();
    const [cookieB] = b.cookies.values();
    expect(cookieA).toBeTruthy();
    expect(cookieB).toBeTruthy();
    expect(cookieA).not.toBe(cookieB);
    const header = (await fetch(`${server.url}/tools`)).headers.getSetCookie()[0]!;
    expect(header).toMatch(/^agent_chat_principal=[^;]+\.[^;]+;/); // value.signature
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
  });

  it('a cookie not signed with the server’s key is a new principal, not the one it names', async () => {
    const a = agentClient(server.url);
    await a.run('a-signed', { text: 'secret note' });
    const [value] = a.cookies.values();
    const [id] = value!.split('.');
    const forger = agentClient(server.url, { cookies: new Map([['agent_chat_principal', `${id}.forged-signature`]]) });
    // Each reads a history of its own of that id: none, so the empty one.
    expect((await forger.history('a-signed')).turns).toEqual([]);
    const unsigned = agentClient(server.url, { cookies: new Map([['agent_chat_principal', id!]]) });
    expect((await unsigned.history('a-signed')).turns).toEqual([]);
    // The same cookie is the same principal.
    expect((await agentClient(server.url, { cookies: new Map(a.cookies) }).history('a-signed')).turns[0]).toMatchObject({ text: 'secret note' });
  });

  it('no principal is a 401 with a clear JSON error, on every route', async () => {
    const guarded = await serveApp(agent({ authorize: () => null }));
    try {
      const nobody = agentClient(guarded.url);
      for (const response of [await nobody.request('/tools'), await nobody.historyRaw('x'), await nobody.send('x', { text: 'hi' })]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/sign in/i) } });
      }
    } finally {
      await guarded.close();
    }
  });
});
