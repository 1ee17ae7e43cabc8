// Server benchmarks over real HTTP on 127.0.0.1: how fast a long reply streams through the loop and the SSE
// encoder, and what one short run costs end to end with each store. Run: `npm run bench` (or
// `node --import tsx packages/server/bench/server-bench.ts`). Figures go to docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStore } from '../src/file-store.js';
import { createAgentChat, memoryStore, scriptedModel, type SessionStore } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp } from '../src/testing/serve-app.js';

const now = () => performance.now();

async function streamThroughput(chars: number, chunkSize: number) {
  const text = 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(chars / 45)).slice(0, chars);
  const server = await serveApp(createAgentChat({ model: scriptedModel([[{ text }]], { chunkSize }) }));
  try {
    const start = now();
    const events = await agentClient(server.url).run('bench', { text: 'go' });
    const ms = now() - start;
    const deltas = events.filter((e) => e.data.type === 'text_delta').length;
    return { chars, chunkSize, deltas, ms: Math.round(ms), deltasPerSecond: Math.round((deltas / ms) * 1000), mbPerSecond: +((chars / 1e6 / ms) * 1000).toFixed(2) };
  } finally {
    await server.close();
  }
}

async function runsPerSecond(name: string, store: SessionStore, runs: number) {
  const server = await serveApp(createAgentChat({ model: scriptedModel([[{ text: 'ok' }]]), store }));
  try {
    const client = agentClient(server.url);
    await client.run('warm', { text: 'hi' });
    const start = now();
    for (let i = 0; i < runs; i++) await client.run(`s${i % 20}`, { text: `message ${i}` });
    const ms = now() - start;
    return { store: name, runs, ms: Math.round(ms), msPerRun: +(ms / runs).toFixed(2), runsPerSecond: Math.round((runs / ms) * 1000) };
  } finally {
    await server.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'agent-chat-bench-'));
try {
  console.log('\nserver: one long reply streamed through loop + SSE encoder + HTTP + eventsource-parser');
  console.table([await streamThroughput(200_000, 8), await streamThroughput(200_000, 64), await streamThroughput(1_000_000, 64)]);
  console.log('\nserver: short runs one after another (20 sessions, history growing)');
  console.table([await runsPerSecond('memoryStore', memoryStore(), 400), await runsPerSecond('fileStore', fileStore({ dir }), 400)]);
} finally {
  await rm(dir, { recursive: true, force: true });
}
