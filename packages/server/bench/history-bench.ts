// What one turn costs as the history grows (issue #17): a 2-step turn (a tool call, then the reply) over real HTTP,
// with 10, 500 and 2,000 turns already stored, for each store. Two figures: the whole request (ms), and the time
// spent inside the store (load + every write of the turn), which must not grow with the history. The Redis rows use
// a private redis-server on a free loopback port (as the tests do), and are skipped, with a line saying so, without one.
// Run: `npm run bench` (or `node --conditions=agent-chat-source --import tsx packages/server/bench/history-bench.ts`).
// Figures: docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Turn } from '@agent-chat/protocol';
import { z } from 'zod';
import { fileStore } from '../src/file-store.js';
import { createAgentChat, defineTool, memoryStore, scriptedModel, sessionRef, type SessionStore } from '../src/index.js';
import { redisStore } from '../src/redis.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp } from '../src/testing/serve-app.js';
import { redisServerPath, startRedisServer, type RedisServer } from '../test/support/redis-server.js';

const SIZES = [10, 500, 2_000];
const TURNS_MEASURED = 15;

/** A store that counts the time spent in it. */
function timed(store: SessionStore) {
  let ms = 0;
  const time = async <T>(work: () => Promise<T>) => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      ms += performance.now() - start;
    }
  };
  return {
    store: {
      load: (id) => time(() => store.load(id)),
      write: (id, version, write) => time(() => store.write(id, version, write)),
      delete: (id) => time(() => store.delete(id)),
    } satisfies SessionStore,
    take() {
      const spent = ms;
      ms = 0;
      return spent;
    },
  };
}

/** A stored history of `count` turns, about 300 characters each, written the way the loop writes it. */
async function seed(store: SessionStore, sessionId: string, count: number) {
  // The principal the server's authorize names: its requests find this session.
  const session = await sessionRef('bench', sessionId);
  const turns: Turn[] = [];
  for (let i = 0; i < count; i++) {
    turns.push(
      i % 2 === 0
        ? { id: `u${i}`, createdAt: i, type: 'user', text: `Question ${i}: ${'what about the quarter? '.repeat(12)}` }
        : { id: `a${i}`, createdAt: i, type: 'assistant_text', text: `Answer ${i}: ${'the quarter went well. '.repeat(13)}` },
    );
  }
  let version = 0;
  for (let i = 0; i < turns.length; i += 50) {
    version = await store.write(session, version, {
      append: turns.slice(i, i + 50),
      ...(version === 0 ? { set: { owner: 'bench', pending: [], turnHasWrites: false, lastEventId: 0, updatedAt: 0 } } : {}),
    });
  }
}

const lookup = defineTool({ name: 'lookup', description: 'Look a figure up', input: z.object({ q: z.string() }), execute: ({ q }) => ({ q, value: 42 }) });
const model = scriptedModel([[{ tool: 'lookup', input: { q: 'revenue' } }], [{ text: 'Revenue was 42, as before.' }]]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(name: string, makeStore: () => Promise<{ store: SessionStore; close(): Promise<void> }>) {
  const rows = [];
  for (const size of SIZES) {
    const { store: inner, close } = await makeStore();
    const { store, take } = timed(inner);
    await seed(inner, 'bench', size);
    const server = await serveApp(createAgentChat({ model, tools: [lookup], store, authorize: () => 'bench', limits: { sessionTurns: 100_000, sessionBytes: 1e9 } }));
    try {
      const client = agentClient(server.url);
      await client.run('bench', { text: 'warm up' });
      take();
      const total: number[] = [];
      const inStore: number[] = [];
      for (let i = 0; i < TURNS_MEASURED; i++) {
        const start = performance.now();
        await client.run('bench', { text: `How much revenue? (${i})` });
        total.push(performance.now() - start);
        inStore.push(take());
      }
      rows.push({ store: name, 'stored turns': size, 'turn ms (median)': +median(total).toFixed(2), 'store ms per turn (median)': +median(inStore).toFixed(3) });
    } finally {
      await server.close();
      await close();
    }
  }
  const base = rows[0]!['store ms per turn (median)'];
  for (const row of rows) Object.assign(row, { 'store cost ÷ at 10': +(row['store ms per turn (median)'] / base).toFixed(2) });
  return rows;
}

/**
 * The store alone, with no server around it: a turn's worth of calls (one load, then five appends, as a 2-step turn
 * writes), so that nothing else the turn does (in the HTTP figures above, work that waits its turn on the event loop
 * while the store waits on I/O) is counted as the store's.
 */
async function measureAlone(name: string, makeStore: () => Promise<{ store: SessionStore; close(): Promise<void> }>) {
  const rows = [];
  for (const size of SIZES) {
    const { store, close } = await makeStore();
    try {
      await seed(store, 'alone', size);
      const alone = await sessionRef('bench', 'alone');
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const start = performance.now();
        let { version } = (await store.load(alone))!;
        for (let w = 0; w < 5; w++) {
          version = await store.write(alone, version, {
            append: [{ id: `b${i}-${w}`, createdAt: i, type: 'assistant_text', text: `Step ${w}: ${'the quarter went well. '.repeat(13)}` }],
          });
        }
        times.push(performance.now() - start);
      }
      rows.push({ store: name, 'stored turns': size, 'load + 5 appends ms (median)': +median(times.slice(10)).toFixed(3) });
    } finally {
      await close();
    }
  }
  const base = rows[0]!['load + 5 appends ms (median)'];
  for (const row of rows) Object.assign(row, { '÷ at 10': +(row['load + 5 appends ms (median)'] / base).toFixed(2) });
  return rows;
}

const stores: [string, () => Promise<{ store: SessionStore; close(): Promise<void> }>][] = [
  ['memoryStore', async () => ({ store: memoryStore(), close: async () => {} })],
  [
    'fileStore',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'agent-chat-history-bench-'));
      return { store: fileStore({ dir }), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
];

// One redis-server for every Redis row, each size under its own key prefix.
let redis: RedisServer | undefined;
if (redisServerPath) {
  redis = await startRedisServer();
  let run = 0;
  const onRedis = (cacheSessions?: number) => async () => {
    const store = redisStore({ url: redis!.url, prefix: `bench-${run++}:`, ...(cacheSessions !== undefined && { cacheSessions }) });
    return { store, close: () => store.close() };
  };
  // Cached: this instance reads only what changed since its last load (nothing, when it wrote the turn itself).
  stores.push(['redisStore', onRedis()]);
  // No cache: every load reads the whole session, as an instance that has never seen it does.
  stores.push(['redisStore, cacheSessions: 0', onRedis(0)]);
} else {
  console.log('history-bench: no redis-server (see the find-redis line above): the redisStore rows are skipped');
}

console.log(`\nserver: one 2-step turn (tool call, then reply) with a growing stored history; ${TURNS_MEASURED} turns measured per size`);
const table = [];
const alone = [];
try {
  for (const [name, make] of stores) table.push(...(await measure(name, make)));
  for (const [name, make] of stores) alone.push(...(await measureAlone(name, make)));
} finally {
  await redis?.stop();
}
console.table(table);
console.log(`\nthe store alone: one load and five appends (a 2-step turn's calls), no server; median of 90 after 10 warm-up`);
console.table(alone);
