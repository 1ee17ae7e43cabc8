import type { Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRef, StaleSessionError } from '../src/index.js';
import { redisStore, type RedisSessionStore } from '../src/redis.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';
import { restoreOldRedisStore } from './support/kept-from-before.js';
import { describeSessionStore } from './support/store-contract.js';

const skip = redisSkipReason('redis-store.test.ts');
let redis: RedisServer;
let prefixes = 0;
const freshPrefix = () => `test${++prefixes}:`;

let counter = 0;
const turn = (text: string): Turn => ({ id: `r${++counter}`, createdAt: counter, type: 'user', text }) as Turn;
const texts = (turns: readonly Turn[]) => turns.map((t) => ('text' in t ? t.text : ''));

describe.skipIf(skip)('redisStore', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  describeSessionStore('redisStore', async () => {
    const prefix = freshPrefix();
    const stores: RedisSessionStore[] = [redisStore({ url: redis.url, prefix })];
    return {
      store: stores[0]!,
      // Another instance over the same Redis: its own connection and no cache of the first one's.
      again: async () => {
        const other = redisStore({ client: await redis.client(), prefix });
        stores.push(other);
        return other;
      },
      close: async () => {
        await Promise.all(stores.map((store) => store.close()));
      },
      keptFromBefore: async () => {
        const client = await redis.client();
        await restoreOldRedisStore(client, prefix);
        const upgraded = redisStore({ client, prefix });
        stores.push(upgraded);
        return upgraded;
      },
    };
  });

  it('lets exactly one of two instances win a write made against the same version (20 rounds)', async () => {
    const prefix = freshPrefix();
    const a = redisStore({ client: await redis.client(), prefix });
    const b = redisStore({ client: await redis.client(), prefix });
    try {
      for (let round = 0; round < 20; round++) {
        const id = await sessionRef('ann', `race${round}`);
        // Both create the session (version 0), then both append against version 1.
        const created = await Promise.allSettled([a.write(id, 0, { append: [turn('from a')], set: { owner: 'ann' } }), b.write(id, 0, { append: [turn('from b')], set: { owner: 'ann' } })]);
        expect(created.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const lost = created.find((result) => result.status === 'rejected') as PromiseRejectedResult;
        expect(lost.reason).toBeInstanceOf(StaleSessionError);
        const creator = created[0]!.status === 'fulfilled' ? 'a' : 'b';
        const appended = await Promise.allSettled([a.write(id, 1, { append: [turn('second a')] }), b.write(id, 1, { append: [turn('second b')] })]);
        expect(appended.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
        const winner = appended[0]!.status === 'fulfilled' ? 'a' : 'b';
        for (const store of [a, b]) {
          const loaded = (await store.load(id))!;
          expect(loaded.version).toBe(2);
          expect(texts(loaded.turns)).toEqual([`from ${creator}`, `second ${winner}`]);
        }
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("follows another instance's appends, updates, import and delete with its cached copy", async () => {
    const prefix = freshPrefix();
    const a = redisStore({ client: await redis.client(), prefix });
    const b = redisStore({ client: await redis.client(), prefix });
    try {
      const s = await sessionRef('ann', 's');
      const first = turn('one');
      await a.write(s, 0, { append: [first], set: { owner: 'ann', lastEventId: 1 } });
      expect(texts((await a.load(s))!.turns)).toEqual(['one']);
      expect(texts((await b.load(s))!.turns)).toEqual(['one']);
      // B appends: A's cached copy reads only what is new.
      await b.write(s, 1, { append: [turn('two'), turn('three')], set: { lastEventId: 3 } });
      expect(await a.load(s)).toMatchObject({ version: 2, lastEventId: 3 });
      expect(texts((await a.load(s))!.turns)).toEqual(['one', 'two', 'three']);
      // B revises a turn A has cached: A must not keep its stale copy.
      await b.write(s, 2, { update: [{ ...first, text: 'one, edited' } as Turn] });
      expect(texts((await a.load(s))!.turns)).toEqual(['one, edited', 'two', 'three']);
      // A writes on top of what it loaded, and B sees it.
      await a.write(s, 3, { append: [turn('four')], set: { pendingContext: undefined, undo: { snapshot: [1] } } });
      expect(await b.load(s)).toMatchObject({ version: 4, undo: { snapshot: [1] } });
      // B imports a shorter history: A sees exactly it.
      await b.write(s, 4, { replace: [turn('imported')] });
      expect(texts((await a.load(s))!.turns)).toEqual(['imported']);
      // B deletes and starts the id again: A sees the new session only, none of the old turns.
      await b.delete(s);
      expect(await a.load(s)).toBeUndefined();
      await b.write(s, 0, { append: [turn('anew')], set: { owner: 'ann' } });
      const anew = (await a.load(s))!;
      expect(anew).toMatchObject({ version: 1, owner: 'ann', lastEventId: 0, pending: [] });
      expect(anew).not.toHaveProperty('undo');
      expect(texts(anew.turns)).toEqual(['anew']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps a session without expiry by default, and sets ttlSeconds on every key of it when asked', async () => {
    const client = await redis.client();
    const plain = redisStore({ client, prefix: 'plain:' });
    const expiring = redisStore({ client, prefix: 'expiring:', ttlSeconds: 120 });
    const s = await sessionRef('ann', 's');
    await plain.write(s, 0, { append: [turn('kept')], set: { owner: 'ann' } });
    await expiring.write(s, 0, { append: [turn('for a while')], set: { owner: 'ann' } });
    const keys = async (pattern: string) => (await client.sendCommand<string[]>(['KEYS', pattern])).sort();
    const plainKeys = await keys('plain:*');
    const expiringKeys = await keys('expiring:*');
    // The session's two keys, and its owner's list.
    // The session's keys are named by its key (owner and id hashed), the owner's list by the owner.
    expect(plainKeys).toEqual(['plain:owner:{ann}:sessions', `plain:session:{${s.key}}:meta`, `plain:session:{${s.key}}:turns`]);
    expect(expiringKeys).toHaveLength(3);
    for (const key of plainKeys) expect(await client.sendCommand(['TTL', key])).toBe(-1);
    for (const key of expiringKeys) {
      await client.sendCommand(['EXPIRE', key, '5']);
    }
    // A write starts the time again, on the turns as well as the fields.
    await expiring.write(s, 1, { append: [turn('again')] });
    for (const key of expiringKeys) {
      const ttl = await client.sendCommand<number>(['TTL', key]);
      expect(ttl).toBeGreaterThan(5);
      expect(ttl).toBeLessThanOrEqual(120);
    }
    await expiring.delete(s);
    expect(await keys('expiring:*')).toEqual([]);
  });

  it('writes nothing of a stale write, whatever it held (replace, update, fields)', async () => {
    const store = redisStore({ client: await redis.client(), prefix: freshPrefix() });
    const s = await sessionRef('ann', 's');
    const first = turn('one');
    await store.write(s, 0, { append: [first], set: { owner: 'ann', lastEventId: 1 } });
    await store.write(s, 1, { append: [turn('two')] });
    await expect(store.write(s, 1, { replace: [turn('x')], update: [{ ...first, text: 'y' } as Turn], set: { owner: 'eve', lastEventId: 99 } })).rejects.toBeInstanceOf(StaleSessionError);
    const loaded = (await store.load(s))!;
    expect(loaded).toMatchObject({ version: 2, owner: 'ann', lastEventId: 1 });
    expect(texts(loaded.turns)).toEqual(['one', 'two']);
  });

  it("leaves sessions Redis removed (expired) out of their owner's list, fills the page past them, and forgets them", async () => {
    const client = await redis.client();
    const prefix = freshPrefix();
    const store = redisStore({ client, prefix, cacheSessions: 0 });
    for (let i = 1; i <= 6; i++) await store.write(await sessionRef('ann', `x${i}`), 0, { append: [turn(`m${i}`)], set: { owner: 'ann', updatedAt: i * 1000 } });
    // What an expiry does: the session's keys go, its id stays in the owner's list.
    const [x4, x5] = [(await sessionRef('ann', 'x4')).key, (await sessionRef('ann', 'x5')).key];
    await client.sendCommand(['DEL', `${prefix}session:{${x5}}:meta`, `${prefix}session:{${x5}}:turns`, `${prefix}session:{${x4}}:meta`, `${prefix}session:{${x4}}:turns`]);
    const first = await store.listByOwner!('ann', { limit: 2 });
    expect(first.sessions.map((listing) => listing.id)).toEqual(['x6', 'x3']);
    const second = await store.listByOwner!('ann', { limit: 2, after: first.next! });
    expect(second).toEqual({ sessions: [expect.objectContaining({ id: 'x2' }), expect.objectContaining({ id: 'x1' })] });
    expect(await client.sendCommand(['ZRANGE', `${prefix}owner:{ann}:sessions`, '0', '-1'])).toEqual(['x1', 'x2', 'x3', 'x6']);
    await store.close();
  });

  it('stores a history too long for one Lua call (10,000 turns replaced at once)', async () => {
    const store = redisStore({ client: await redis.client(), prefix: freshPrefix(), cacheSessions: 0 });
    const many = Array.from({ length: 10_000 }, (_, i) => turn(`m${i}`));
    const big = await sessionRef('ann', 'big');
    await store.write(big, 0, { replace: many, set: { owner: 'ann' } });
    const loaded = (await store.load(big))!;
    expect(loaded.turns).toHaveLength(10_000);
    expect(loaded.turns.at(-1)).toEqual(many.at(-1));
  });
});
