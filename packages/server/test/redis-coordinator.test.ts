import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRunCoordinator, type RedisRunCoordinator } from '../src/redis.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

const skip = redisSkipReason('redis-coordinator.test.ts');
let redis: RedisServer;
let prefixes = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip)('redisRunCoordinator', () => {
  const open: RedisRunCoordinator[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(open.map((coordinator) => coordinator.close()));
    await redis?.stop();
  });

  /** Two instances (each its own connection) over one Redis, as two servers would be. */
  async function instances(options: { lockMs?: number; warn?: (message: string) => void } = {}) {
    const prefix = `coord${++prefixes}:`;
    const make = async () => {
      const coordinator = redisRunCoordinator({ client: await redis.client(), prefix, ...options });
      open.push(coordinator);
      return coordinator;
    };
    return { a: await make(), b: await make(), prefix };
  }

  it('gives a session to one of two simultaneous claims, and tells both instances who holds it', async () => {
    const { a, b } = await instances();
    for (let round = 0; round < 20; round++) {
      const session = `s${round}`;
      const results = await Promise.all([a.claim(session, { runId: `a${round}`, principal: 'ann' }), b.claim(session, { runId: `b${round}`, principal: 'bob' })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results[0] ? { runId: `a${round}`, principal: 'ann' } : { runId: `b${round}`, principal: 'bob' };
      expect(await a.holder(session)).toEqual(winner);
      expect(await b.holder(session)).toEqual(winner);
      await (results[0] ? a : b).release(session, winner.runId);
    }
    expect(await a.holder('nobody')).toBeUndefined();
  });

  it('ignores a release by a run that does not hold the lock, and frees it on the holder’s release', async () => {
    const { a, b } = await instances();
    expect(await a.claim('s', { runId: 'run1', principal: 'ann' })).toBe(true);
    await b.release('s', 'run2');
    await a.release('s', 'run2');
    expect(await b.holder('s')).toEqual({ runId: 'run1', principal: 'ann' });
    expect(await b.claim('s', { runId: 'run2', principal: 'bob' })).toBe(false);
    await b.release('s', 'run1');
    expect(await a.holder('s')).toBeUndefined();
    expect(await b.claim('s', { runId: 'run2', principal: 'bob' })).toBe(true);
    await b.release('s', 'run2');
  });

  it("lets a dead instance's lock expire after lockMs, and then another instance claims the session", async () => {
    const lockMs = 300;
    const { a, b, prefix } = await instances({ lockMs });
    expect(await a.claim('s', { runId: 'dead', principal: 'ann' })).toBe(true);
    const client = await redis.client();
    const ttl = await client.sendCommand<number>(['PTTL', `${prefix}run:{s}`]);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(lockMs);
    // An instance that dies renews nothing more: close stops the renewals without releasing.
    await a.close();
    expect(await b.claim('s', { runId: 'next', principal: 'bob' })).toBe(false);
    while ((await b.holder('s')) !== undefined) await sleep(50);
    expect(await b.claim('s', { runId: 'next', principal: 'bob' })).toBe(true);
    await b.release('s', 'next');
  });

  it('renews a held lock, so a run longer than lockMs keeps it, and stops renewing on release', async () => {
    const lockMs = 600;
    const { a, b, prefix } = await instances({ lockMs });
    expect(await a.claim('long', { runId: 'long', principal: 'ann' })).toBe(true);
    await sleep(lockMs * 3);
    expect(await b.holder('long')).toEqual({ runId: 'long', principal: 'ann' });
    expect(await b.claim('long', { runId: 'other', principal: 'bob' })).toBe(false);
    await a.release('long', 'long');
    // Nothing renews a released lock: one set by hand under the same run id keeps the long expiry it was given
    // (a renewal would have cut it to lockMs).
    const client = await redis.client();
    await client.sendCommand(['SET', `${prefix}run:{long}`, JSON.stringify({ runId: 'long', principal: 'ann' }), 'PX', '100000']);
    await sleep(lockMs);
    expect(await client.sendCommand<number>(['PTTL', `${prefix}run:{long}`])).toBeGreaterThan(90_000);
  });

  it('warns and stops renewing when the lock was taken by another run meanwhile', async () => {
    let warned!: (message: string) => void;
    const warning = new Promise<string>((resolve) => (warned = resolve));
    const { a, prefix } = await instances({ lockMs: 300, warn: (message) => warned(message) });
    expect(await a.claim('s', { runId: 'mine', principal: 'ann' })).toBe(true);
    const client = await redis.client();
    // As if the lock had expired during a pause and another instance had claimed it.
    await client.sendCommand(['SET', `${prefix}run:{s}`, JSON.stringify({ runId: 'theirs', principal: 'bob' }), 'PX', '60000']);
    expect(await warning).toMatch(/run lock of session "s" \(run mine\) was taken by another run/);
    expect(await a.holder('s')).toEqual({ runId: 'theirs', principal: 'bob' });
    // Their lock is untouched by the old run's release.
    await a.release('s', 'mine');
    expect(await a.holder('s')).toEqual({ runId: 'theirs', principal: 'bob' });
  });

  it('delivers a cancel requested on one instance to the run’s listener on another, and to no other run', async () => {
    const { a, b } = await instances();
    expect(await b.claim('s', { runId: 'run1', principal: 'ann' })).toBe(true);
    const heard: string[] = [];
    let stopped!: () => void;
    const stop = new Promise<void>((resolve) => (stopped = resolve));
    b.onCancel('s', 'run1', () => {
      heard.push('run1');
      stopped();
    });
    const offOther = b.onCancel('s', 'run0', () => heard.push('run0'));
    const offElsewhere = b.onCancel('t', 'run1', () => heard.push('t/run1'));
    await a.requestCancel('s', 'run1');
    await stop;
    expect(heard).toEqual(['run1']);
    offOther();
    offElsewhere();
    await b.release('s', 'run1');
  });

  it('carries the call of a sub-agent to stop alone from one instance to the run on another (issue 34)', async () => {
    const { a, b } = await instances();
    expect(await b.claim('s', { runId: 'run2', principal: 'ann' })).toBe(true);
    const heard: (string | undefined)[] = [];
    let second!: () => void;
    const both = new Promise<void>((resolve) => (second = resolve));
    b.onCancel('s', 'run2', (toolCallId) => {
      heard.push(toolCallId);
      if (heard.length === 2) second();
    });
    await a.requestCancel('s', 'run2', 'toolu_branch');
    await a.requestCancel('s', 'run2');
    await both;
    // The branch's Stop names its call; a plain Stop names none: the run stops whole.
    expect(heard).toEqual(['toolu_branch', undefined]);
    await b.release('s', 'run2');
  });

  it('stops a run of its own instance at once, and a removed listener hears nothing', async () => {
    const { a, b } = await instances();
    await a.claim('s', { runId: 'r', principal: 'ann' });
    let calls = 0;
    const off = a.onCancel('s', 'r', () => calls++);
    await a.requestCancel('s', 'r');
    expect(calls).toBe(1);
    off();
    // Published on the other instance: a round trip through Redis before the check, and nobody listens now.
    await b.requestCancel('s', 'r');
    await a.holder('s');
    expect(calls).toBe(1);
    await a.release('s', 'r');
  });

  it('works from a URL, and closes what it opened', async () => {
    const coordinator = redisRunCoordinator({ url: redis.url, prefix: 'url:' });
    expect(await coordinator.claim('s', { runId: 'r', principal: 'ann' })).toBe(true);
    expect(await coordinator.holder('s')).toEqual({ runId: 'r', principal: 'ann' });
    await coordinator.release('s', 'r');
    await coordinator.close();
    await expect(coordinator.claim('s', { runId: 'r2', principal: 'ann' })).rejects.toThrow(/closed/);
  });
});
