import type { StreamEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventGapError, type LoggedEvent } from '../src/index.js';
import { redisEventLog, type RedisEventLog } from '../src/redis.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

const skip = redisSkipReason('redis-event-log.test.ts');
let redis: RedisServer;
let prefixes = 0;

const text = (id: number): LoggedEvent => ({ id, event: { type: 'text_delta', text: `t${id}` } as unknown as StreamEvent });
const done = (id: number): LoggedEvent => ({ id, event: { type: 'done', reason: 'complete' } as unknown as StreamEvent });

async function collect(events: AsyncIterable<LoggedEvent>): Promise<number[]> {
  const ids: number[] = [];
  for await (const event of events) ids.push(event.id);
  return ids;
}

/** Waits until the named connection is blocked in XREAD (as CLIENT LIST shows it). */
async function untilReaderBlocks(name: string): Promise<void> {
  const client = await redis.client();
  for (;;) {
    const list = await client.sendCommand<string>(['CLIENT', 'LIST']);
    const line = list.split('\n').find((entry) => entry.includes(` name=${name} `));
    if (line && / cmd=xread /.test(line) && /flags=\w*b/.test(line)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(skip)('redisEventLog', () => {
  const open: RedisEventLog[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(open.map((log) => log.close()));
    await redis?.stop();
  });

  /** Two instances (each its own connection) over one Redis. `blockMs` is long, so nothing passes by waiting it out. */
  async function instances(options: { maxEvents?: number; ttlSeconds?: number; resumeWindowSeconds?: number } = {}) {
    const prefix = `events${++prefixes}:`;
    const make = async () => {
      const log = redisEventLog({ client: await redis.client(), prefix, blockMs: 60_000, ...options });
      open.push(log);
      return log;
    };
    return { a: await make(), b: await make(), prefix };
  }

  it('replays what is kept after an id, ending with done', async () => {
    const { a, b } = await instances();
    for (let id = 1; id <= 4; id++) await a.append('s', text(id));
    await a.append('s', done(5));
    expect(await b.lastId('s')).toBe(5);
    expect(await b.lastId('nobody')).toBeUndefined();
    const replayed: LoggedEvent[] = [];
    for await (const event of b.follow('s', 2, new AbortController().signal)) replayed.push(event);
    expect(replayed).toEqual([text(3), text(4), done(5)]);
    expect(await collect(b.follow('s', 0, new AbortController().signal))).toEqual([1, 2, 3, 4, 5]);
  });

  it('follows a live run appended on another instance until done: no event twice, none missing', async () => {
    const { a, b } = await instances();
    await a.append('s', text(1));
    const followers = [b.follow('s', 0, new AbortController().signal), b.follow('s', 1, new AbortController().signal), a.follow('s', 0, new AbortController().signal)].map(collect);
    // Another session followed on the same reader at the same time.
    const other = collect(b.follow('t', 0, new AbortController().signal));
    for (let id = 2; id < 200; id++) {
      await a.append('s', text(id));
      if (id % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await a.append('s', done(200));
    await a.append('t', text(1));
    await a.append('t', done(2));
    const all = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(await Promise.all(followers)).toEqual([all, all.slice(1), all]);
    expect(await other).toEqual([1, 2]);
  });

  it('starts a follower that waits for a run not begun yet, while the reader blocks on another session', async () => {
    const { a, b, prefix } = await instances();
    const first = b.follow('first', 0, new AbortController().signal)[Symbol.asyncIterator]();
    const one = first.next();
    await untilReaderBlocks(`${prefix}events-reader`);
    await a.append('first', text(1));
    expect((await one).value).toEqual(text(1));
    // The reader blocks again (for up to a minute) on "first" alone: a new follower must not wait that out.
    await untilReaderBlocks(`${prefix}events-reader`);
    const second = collect(b.follow('second', 0, new AbortController().signal));
    await a.append('second', text(1));
    await a.append('second', done(2));
    expect(await second).toEqual([1, 2]);
    await a.append('first', done(2));
    expect((await first.next()).value).toEqual(done(2));
  });

  it('ends a follow when its signal aborts, without waiting on Redis, and the next follower is served', async () => {
    const { a, b } = await instances();
    await a.append('s', text(1));
    const controller = new AbortController();
    const seen: number[] = [];
    const following = (async () => {
      for await (const event of b.follow('s', 0, controller.signal)) {
        seen.push(event.id);
        // Caught up and waiting for live events (blocked for up to blockMs, a minute): the client goes away.
        if (event.id === 1) setTimeout(() => controller.abort(), 20);
      }
    })();
    await following;
    expect(seen).toEqual([1]);
    // The shared reader was not left blocked on the abandoned session.
    const next = collect(b.follow('s', 1, new AbortController().signal));
    await a.append('s', text(2));
    await a.append('s', done(3));
    expect(await next).toEqual([2, 3]);
    // Already aborted: nothing at all.
    const aborted = new AbortController();
    aborted.abort();
    expect(await collect(b.follow('s', 0, aborted.signal))).toEqual([]);
  });

  it('throws EventGapError when the events after the id are no longer kept', async () => {
    const { a, b, prefix } = await instances({ maxEvents: 10 });
    for (let id = 1; id <= 500; id++) await a.append('s', text(id));
    const client = await redis.client();
    const kept = await client.sendCommand<number>(['XLEN', `${prefix}events:{s}`]);
    expect(kept).toBeGreaterThanOrEqual(10);
    expect(kept).toBeLessThan(500);
    const oldest = 500 - kept + 1;
    const error = await collect(b.follow('s', 0, new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventGapError);
    expect((error as EventGapError).oldest).toBe(oldest);
    // Right before the oldest kept is no gap.
    await a.append('s', done(501));
    expect(await collect(b.follow('s', oldest - 1, new AbortController().signal))).toEqual(Array.from({ length: kept + 1 }, (_, i) => oldest + i));
  });

  it('hands a reader that fell far behind everything, in order, by reading again from Redis', async () => {
    const { a, b, prefix } = await instances();
    const iterator = b.follow('s', 0, new AbortController().signal)[Symbol.asyncIterator]();
    const first = iterator.next();
    // Following live (its reader blocked in XREAD) before anything is appended, however long that takes under load.
    await untilReaderBlocks(`${prefix}events-reader`);
    await a.append('s', text(1));
    expect((await first).value).toEqual(text(1));
    // The reader holds event 1 and reads nothing more while 2,500 events arrive live.
    for (let id = 2; id <= 2_500; id++) await a.append('s', text(id));
    await a.append('s', done(2_501));
    const rest: number[] = [];
    for (let result = await iterator.next(); !result.done; result = await iterator.next()) rest.push(result.value.id);
    expect(rest).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 2));
  });

  it('sets the expiry on every append and keeps a session’s stream under its cap', async () => {
    const { a, prefix } = await instances({ ttlSeconds: 120 });
    const client = await redis.client();
    const key = `${prefix}events:{s}`;
    await a.append('s', text(1));
    const ttl = await client.sendCommand<number>(['TTL', key]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(120);
    await client.sendCommand(['EXPIRE', key, '5']);
    await a.append('s', text(2));
    expect(await client.sendCommand<number>(['TTL', key])).toBeGreaterThan(5);
  });

  it('lets an ended run expire after the resume window, keeping where it ended: a reader from before it reloads', async () => {
    const { a, b, prefix } = await instances({ ttlSeconds: 120, resumeWindowSeconds: 30 });
    const client = await redis.client();
    const key = `${prefix}events:{s}`;
    await a.append('s', text(1));
    await a.append('s', text(2));
    await a.append('s', done(3));
    // Within the window the run is there for a reader that dropped (no instance knows whether one did).
    const ttl = await client.sendCommand<number>(['TTL', key]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30);
    expect(await collect(b.follow('s', 1, new AbortController().signal))).toEqual([2, 3]);
    // The window passes (as if: the stream expires).
    await client.sendCommand(['DEL', key]);
    expect(await b.lastId('s')).toBe(3);
    await expect(collect(b.follow('s', 1, new AbortController().signal))).rejects.toBeInstanceOf(EventGapError);
    // A reader at the end waits for the next run, whose ids go on after it.
    const next = collect(b.follow('s', 3, new AbortController().signal));
    await a.append('s', text(4));
    await a.append('s', done(5));
    expect(await next).toEqual([4, 5]);
  });

  it('skips an event appended twice, and drops the old events of a session that started over', async () => {
    const { a, b } = await instances();
    await a.append('s', text(1));
    await a.append('s', text(2));
    await a.append('s', text(2));
    await a.append('s', done(3));
    expect(await collect(b.follow('s', 0, new AbortController().signal))).toEqual([1, 2, 3]);
    // The session was deleted and made again: its ids start over.
    await a.append('s', text(1));
    await a.append('s', done(2));
    expect(await b.lastId('s')).toBe(2);
    expect(await collect(b.follow('s', 0, new AbortController().signal))).toEqual([1, 2]);
  });
});
