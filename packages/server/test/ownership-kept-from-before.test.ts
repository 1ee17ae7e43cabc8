import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/file-store.js';
import { createAgentChat, scriptedModel, type SessionStore } from '../src/index.js';
import { redisStore } from '../src/redis.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp } from '../src/testing/serve-app.js';
import { copyOldFileStore, restoreOldRedisStore } from './support/kept-from-before.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';
import { whatItShows } from './support/stranger-routes.js';

// An upgraded server over storage the code before owner-scoped keys wrote (test/fixtures/before-owner-keys): ann's
// "kept" and "ann:notes", bob's "bobs", and "orphan", stored before sessions had owners.
const model = scriptedModel(() => [[{ text: 'Noted.' }]]);

async function overHttp(store: SessionStore) {
  const server = await serveApp(createAgentChat({ model, store, authorize: (c) => c.req.header('x-user') ?? null }));
  const as = (user: string) => agentClient(server.url, { headers: { 'x-user': user } });
  const texts = async (client: AgentClient, id: string) => (await client.history(id)).turns.map((turn) => ('text' in turn ? turn.text : ''));
  const listed = async (client: AgentClient) => ((await (await client.request('/sessions')).json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id);
  try {
    const [ann, bob] = [as('ann'), as('bob')];
    expect(await texts(ann, 'kept')).toEqual(['remember the milk', 'Noted: the milk.']);
    expect(await texts(ann, 'ann:notes')).toEqual(['a note with a colon id']);
    expect(await listed(ann)).toEqual(['ann:notes', 'kept']);
    // Bob's request on ann's id answers as on one nobody used; then he starts his own of it.
    expect(await whatItShows(await bob.historyRaw('kept'), 'kept')).toEqual(await whatItShows(await bob.historyRaw('unused-id'), 'unused-id'));
    await bob.run('kept', { text: 'bob’s own' });
    expect(await texts(bob, 'kept')).toEqual(['bob’s own', 'Noted.']);
    expect(await listed(bob)).toEqual(['kept', 'bobs']);
    // Ann goes on with hers where it was stored.
    await ann.run('kept', { text: 'and the eggs' });
    expect(await texts(ann, 'kept')).toEqual(['remember the milk', 'Noted: the milk.', 'and the eggs', 'Noted.']);
    // A session stored before owners is nobody's, and no longer blocks its id: each starts one of their own.
    expect(await texts(ann, 'orphan')).toEqual([]);
    await ann.run('orphan', { text: 'mine now' });
    expect(await texts(ann, 'orphan')).toEqual(['mine now', 'Noted.']);
    expect((await ann.clear('kept')).status).toBe(200);
    expect(await texts(ann, 'kept')).toEqual([]);
    expect(await texts(bob, 'kept')).toEqual(['bob’s own', 'Noted.']);
  } finally {
    await server.close();
  }
}

describe('sessions stored before owner-scoped keys, over HTTP', () => {
  it('a file store folder the old code wrote loads for each session’s owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agent-chat-kept-'));
    try {
      await copyOldFileStore(dir);
      await overHttp(fileStore({ dir }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe.skipIf(redisSkipReason('ownership-kept-from-before.test.ts'))('redis', () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis?.stop());

    it('a Redis the old code wrote loads for each session’s owner only (with and without the store’s cache)', async () => {
      for (const [prefix, cacheSessions] of [['cached:', 200], ['uncached:', 0]] as const) {
        const client = await redis.client();
        await restoreOldRedisStore(client, prefix);
        const store = redisStore({ client, prefix, cacheSessions });
        await overHttp(store);
        await store.close();
      }
    });
  });
});
