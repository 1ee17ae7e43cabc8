// Side by side with the Vercel AI SDK 6 (issue 33, point 6): our server and the AI SDK's (peer-ai-sdk-server.ts),
// each in a process of its own, bundled alike and run without a TypeScript loader (bundle-server.ts), streaming the
// same reply (bench-reply.ts), read by the same client code from another process. Loopback only; stops by itself.
//   node --conditions=agent-chat-source --import tsx packages/server/bench/peer-bench.ts [--streams 1000,5000]
//     [--latency-streams 5] [--latency-pieces 200] [--pace-ms 5] [--throughput-streams 3] [--throughput-pieces 20000]
//     [--no-single] [--no-in-flight] [--no-load] [--only agent-chat|ai-sdk] [--backlog 4096]
//     [--server-node-flags="--trace-gc"]
// BENCH_HEAP_SNAPSHOT=<ms>:<dir> and BENCH_HEAP_SAMPLING=<dir> look into the servers' heaps (server-monitor.ts).
// Rows: added latency (model → client) p50/p99 and events/s on one stream, both servers up at once and read in
// turns; the heap one stream in flight holds; RSS peak and errors at N concurrent streams, each count in a fresh
// server process. Figures and what they mean: docs/benchmarks.md, "Beside the Vercel AI SDK".
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleServer } from './bundle-server.js';
import { limitBench, spawnNode, type Json } from './spawn-node.js';

const { values: flags } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000,5000' },
    'latency-streams': { type: 'string', default: '5' },
    'latency-pieces': { type: 'string', default: '200' },
    'pace-ms': { type: 'string', default: '5' },
    'throughput-streams': { type: 'string', default: '3' },
    'throughput-pieces': { type: 'string', default: '20000' },
    'deadline-ms': { type: 'string', default: '300000' },
    backlog: { type: 'string', default: '4096' },
    'no-load': { type: 'boolean', default: false },
    /** Leave out the one-stream rows. */
    'no-single': { type: 'boolean', default: false },
    /** Leave out the heap per stream in flight. */
    'no-in-flight': { type: 'boolean', default: false },
    /** Run one side only (while iterating): agent-chat or ai-sdk. */
    only: { type: 'string', default: '' },
    /** Extra node flags for the server processes, e.g. "--trace-gc" or "--cpu-prof --cpu-prof-dir=/tmp/prof". */
    'server-node-flags': { type: 'string', default: '' },
  },
});
const giveUp = limitBench('peer bench', 25 * 60_000);

type Kind = 'agent-chat' | 'ai-sdk';
const KINDS: readonly Kind[] = flags.only ? [flags.only as Kind] : ['agent-chat', 'ai-sdk'];
const bundles = {
  'agent-chat': await bundleServer('load-bench-server.ts'),
  'ai-sdk': await bundleServer('peer-ai-sdk-server.ts'),
} satisfies Record<Kind, string>;

/** A fresh server of `kind`, with the library's defaults (no LOAD_* settings): as an integrator would run it. */
async function withServer<T>(kind: Kind, use: (server: ReturnType<typeof spawnNode>, url: string) => Promise<T>): Promise<T> {
  const server = spawnNode(bundles[kind], [], { LOAD_BACKLOG: flags.backlog }, flags['server-node-flags'].split(' ').filter(Boolean));
  try {
    const { url } = await server.next<{ url: string }>();
    return await use(server, url);
  } finally {
    await server.end();
  }
}

async function client<T = Json>(file: string, args: string[]): Promise<T> {
  const child = spawnNode(file, args);
  const answer = await child.next<T>();
  await child.end();
  return answer;
}

/** Every kind's server at once, each in a fresh process. */
async function withServers<T>(use: (urls: Record<Kind, string>) => Promise<T>): Promise<T> {
  const started = KINDS.map((kind) => ({ kind, server: spawnNode(bundles[kind], [], { LOAD_BACKLOG: flags.backlog }, flags['server-node-flags'].split(' ').filter(Boolean)) }));
  try {
    const urls = {} as Record<Kind, string>;
    for (const { kind, server } of started) urls[kind] = (await server.next<{ url: string }>()).url;
    return await use(urls);
  } finally {
    await Promise.all(started.map(({ server }) => server.end()));
  }
}

interface Latency {
  samples: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}
interface Throughput {
  errors: number;
  eventsPerSecond: number;
  runs: number[];
}

/** Both servers up at once, read by one client that takes turns between them, stream by stream. */
async function oneStream() {
  return withServers(async (urls) => {
    const targets = KINDS.map((kind) => `${kind}=${urls[kind]}`).join(',');
    const latency = await client<Latency[]>('peer-bench-client.ts', ['latency', targets, flags['latency-streams'], flags['latency-pieces'], flags['pace-ms']]);
    const throughput = await client<Throughput[]>('peer-bench-client.ts', ['throughput', targets, flags['throughput-streams'], flags['throughput-pieces']]);
    return KINDS.map((kind, index) => ({ kind, latency: latency[index]!, throughput: throughput[index]! }));
  });
}

async function concurrent(kind: Kind, streams: number) {
  return withServer(kind, async (server, url) => {
    // JIT and allocator warm-up, not reported.
    await server.ask('start warm');
    await client('load-bench-client.ts', ['load', url, '200', 'warm', flags['deadline-ms'], kind]);
    await server.ask('stop');
    const started = await server.ask<{ rssMb: number }>(`start r${streams}`);
    const seen = await client<{ errors: number; outcomes: Record<string, number>; totalMs: number; firstEventP50Ms: number; firstEventP99Ms: number }>('load-bench-client.ts', [
      'load', url, String(streams), `r${streams}`, flags['deadline-ms'], kind,
    ]);
    const stats = await server.ask<{ peakRssMb: number; peakHeapUsedMb: number; peakHeapTotalMb: number; peakSockets: number; stderrLines: number; after: { rssMb: number } }>('stop');
    const errorKinds = Object.entries(seen.outcomes).filter(([outcome]) => outcome !== 'ok');
    return {
      kind,
      streams,
      errors: seen.errors,
      errorKinds: errorKinds.map(([outcome, count]) => `${outcome}×${count}`).join(' ') || '-',
      totalMs: seen.totalMs,
      firstEventP50Ms: seen.firstEventP50Ms,
      firstEventP99Ms: seen.firstEventP99Ms,
      peakSockets: stats.peakSockets,
      rssBeforeMb: started.rssMb,
      rssPeakMb: stats.peakRssMb,
      heapUsedPeakMb: stats.peakHeapUsedMb,
      heapTotalPeakMb: stats.peakHeapTotalMb,
      stderrLines: stats.stderrLines,
    };
  });
}

const ratio = (ours: number, theirs: number) => +(ours / theirs).toFixed(2);

try {
  if (!flags['no-single']) await singleRows();
  if (!flags['no-in-flight']) await inFlightRows();
  if (!flags['no-load']) await loadRows();
} finally {
  clearTimeout(giveUp);
  await Promise.all(Object.values(bundles).map((bundle) => rm(dirname(bundle), { recursive: true, force: true })));
}

async function singleRows() {
  console.log(
    `\npeer: one stream at a time (${flags['latency-streams']} streams of ${flags['latency-pieces']} stamped pieces, ${flags['pace-ms']} ms apart; ` +
      `then ${flags['throughput-streams']} of ${flags['throughput-pieces']} pieces back to back)`,
  );
  const rows = await oneStream();
  console.table(
    rows.map(({ kind, latency, throughput }) => ({
      server: kind,
      'latency p50 ms': latency.p50Ms,
      'latency p99 ms': latency.p99Ms,
      'latency max ms': latency.maxMs,
      samples: latency.samples,
      'events/s': throughput.eventsPerSecond,
      'events/s runs': throughput.runs.join(' '),
      errors: latency.errors + throughput.errors,
    })),
  );
  const [ours, theirs] = rows;
  if (!ours || !theirs) return;
  const p99 = ratio(ours.latency.p99Ms, theirs.latency.p99Ms);
  const rate = ratio(ours.throughput.eventsPerSecond, theirs.throughput.eventsPerSecond);
  console.log(`target: latency p99 ≤ 0.5× the AI SDK's: ${p99}× ${p99 <= 0.5 ? 'met' : 'MISSED'}`);
  console.log(`target: events/s ≥ 5× the AI SDK's: ${rate}× ${rate >= 5 ? 'met' : 'MISSED'}`);
}

/**
 * What one stream in flight holds, each server in a process of its own (in-flight-memory.ts): 1,000 streams held
 * open at once after 16 pieces, server and client in one process, the heap grown after a full GC, per stream.
 */
async function inFlightRows() {
  console.log('\npeer: heap per stream in flight (1,000 held open after 16 pieces; server and client in one process; after GC)');
  const rows = [];
  // Bundled as the servers are: under tsx, every function of our source is given its name at run time (esbuild's
  // keepNames), a 256-byte property array on each of ours and on none of the dependencies' (3.5 KB a stream).
  const bundle = await bundleServer('in-flight-memory.ts');
  try {
    for (const kind of ['node', 'hono-body', 'hono-sse', ...KINDS]) rows.push(await client(bundle, [kind, '1000', '16']));
  } finally {
    await rm(dirname(bundle), { recursive: true, force: true });
  }
  console.table(rows);
}

async function loadRows() {
  console.log('\npeer: N concurrent streams (the 2 KB reply in 16-character pieces), each count in a fresh server process after 200 to warm up');
  const rows = [];
  const verdicts = [];
  for (const streams of flags.streams.split(',').map(Number)) {
    const pair = [];
    for (const kind of KINDS) pair.push(await concurrent(kind, streams));
    rows.push(...pair);
    const [ours, theirs] = pair;
    if (!ours || !theirs) continue;
    const rss = ratio(ours.rssPeakMb, theirs.rssPeakMb);
    verdicts.push(`target at ${streams}: RSS ≤ 1.5× the AI SDK's with 0 errors: ${rss}×, ${ours.errors} errors: ${rss <= 1.5 && ours.errors === 0 ? 'met' : 'MISSED'}`);
  }
  console.table(rows);
  for (const verdict of verdicts) console.log(verdict);
}
