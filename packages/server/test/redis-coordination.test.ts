import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRef } from '../src/index.js';
import { redisCoordination } from '../src/redis.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

const skip = redisSkipReason('redis-coordination.test.ts');
let redis: RedisServer;

describe.skipIf(skip)('redisCoordination', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('gives the store, the coordinator and the event log over one URL, and close ends every connection it opened', async () => {
    const observer = await redis.client();
    const connections = async () => (await observer.sendCommand<string>(['CLIENT', 'LIST'])).trim().split('\n').length;
    const before = await connections();
    const { store, coordinator, events, close } = redisCoordination({ url: redis.url, prefix: 'app:', events: { blockMs: 60_000 } });

    const turn = { id: 'u1', createdAt: 1, type: 'user', text: 'hello' } as Turn;
    const s = await sessionRef('ann', 's');
    expect(await store.write(s, 0, { append: [turn], set: { owner: 'ann' } })).toBe(1);
    expect((await store.load(s))!.turns).toEqual([turn]);
    expect(await coordinator.claim('s', { runId: 'r', principal: 'ann' })).toBe(true);
    const followed: number[] = [];
    const following = (async () => {
      for await (const event of events.follow('s', 0, new AbortController().signal)) followed.push(event.id);
    })();
    await events.append('s', { id: 1, event: { type: 'done', reason: 'complete' } as unknown as StreamEvent });
    await following;
    expect(followed).toEqual([1]);
    await coordinator.release('s', 'r');
    // One command connection, the coordinator's subscriber and the event log's blocking reader.
    expect(await connections()).toBe(before + 3);

    await close();
    // Redis sees a socket close a moment after the client closes it.
    while ((await connections()) > before) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await connections()).toBe(before);
    expect(await observer.sendCommand<string[]>(['KEYS', 'app:*'])).toEqual(expect.arrayContaining([`app:session:{${s.key}}:meta`, `app:session:{${s.key}}:turns`, 'app:events:{s}']));
  });
});
