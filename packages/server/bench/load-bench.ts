// Load bench (issue #17, point 6): many concurrent streams from a client in another process, against the server in a
// process of its own that measures its event-loop lag and memory; then a slow reader that stops reading mid-run.
// Loopback only, bounded in streams and time, stops by itself. Run: `npm run bench`, or
//   node --conditions=agent-chat-source --import tsx packages/server/bench/load-bench.ts [--streams 1000,10000]
//     [--backlog 4096] [--store-sessions N] [--log-sessions N] [--log-events N] [--no-slow]
//     [--server-node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof"]
// Figures and what they mean: docs/benchmarks.md, "Load: concurrent streams".
import { parseArgs } from 'node:util';
import { CHUNK } from './load-bench-shape.js';
import { FD_LIMIT, limitBench, spawnNode, type Json } from './spawn-node.js';

const { values: flags } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000,10000' },
    backlog: { type: 'string', default: '4096' },
    'store-sessions': { type: 'string', default: '20000' },
    'log-sessions': { type: 'string', default: '0' },
    /** Events the log keeps per session (the library's default is 10,000): room for the slow reader's middle case. */
    'log-events': { type: 'string', default: '50000' },
    'deadline-ms': { type: 'string', default: '180000' },
    /** Extra node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
    'server-node-flags': { type: 'string', default: '' },
    /** Leave out the slow-reader case. */
    'no-slow': { type: 'boolean', default: false },
  },
});
const streamCounts = flags.streams.split(',').map(Number);
const deadlineMs = Number(flags['deadline-ms']);
/** What the server may hold in sockets for one paused reader: Node's 16 KB writable buffer and a chunk or two. */
const BOUNDED_KB = 64;
// The whole bench stops by itself, whatever happens.
const giveUp = limitBench('load bench', 15 * 60_000);

const server = spawnNode('load-bench-server.ts', [], {
  LOAD_BACKLOG: flags.backlog,
  LOAD_STORE_SESSIONS: flags['store-sessions'],
  LOAD_LOG_SESSIONS: flags['log-sessions'],
  LOAD_LOG_EVENTS: flags['log-events'],
}, flags['server-node-flags'].split(' ').filter(Boolean));
const ask = (command: string) => server.ask(command);
const { url, fdLimit, backlog } = await server.next<{ url: string; fdLimit: string; backlog: number }>();

async function loadRound(streams: number, tag: string) {
  const started = await ask(`start ${tag}`);
  const client = spawnNode('load-bench-client.ts', ['load', url, String(streams), tag, String(deadlineMs)]);
  const seen = await client.next<Json>();
  const stats = await ask('stop');
  const writes = await ask('store-writes');
  const outcomes = seen.outcomes as Record<string, number>;
  const errorKinds = Object.entries(outcomes).filter(([outcome]) => outcome !== 'ok');
  const clientSide = {
    streams,
    errors: seen.errors as number,
    errorKinds: errorKinds.map(([outcome, count]) => `${outcome}×${count}`).join(' ') || '-',
    eventsPerStream: seen.eventsPerStream,
    openedMs: seen.openedMs,
    totalMs: seen.totalMs,
    streamsPerS: seen.streamsPerSecond,
    peakOpen: seen.peakOpen,
    firstEventP50Ms: seen.firstEventP50Ms,
    firstEventP99Ms: seen.firstEventP99Ms,
    durationP50Ms: seen.durationP50Ms,
    durationP99Ms: seen.durationP99Ms,
  };
  const serverSide = {
    streams,
    lagP50Ms: stats.lagP50Ms,
    lagP99Ms: stats.lagP99Ms as number,
    lagMaxMs: stats.lagMaxMs,
    stallsOver50Ms: `${stats.stallsOver50Ms} (${stats.stalledMs} ms)`,
    longestStallsMsAtMs: stats.longestStalls,
    rssMb: `${(started as { rssMb: number }).rssMb}→${stats.peakRssMb}`,
    heapUsedMb: `${(started as { heapUsedMb: number }).heapUsedMb}→${stats.peakHeapUsedMb}`,
    heapTotalMb: stats.peakHeapTotalMb,
    externalMb: stats.peakExternalMb,
    heapAfterGcMb: (stats.after as { heapUsedMb: number }).heapUsedMb,
    stderrLines: stats.stderrLines,
    storeWrites: `${writes.writes} (${writes.replaces} whole)`,
  };
  return { clientSide, serverSide };
}

/** One reader that takes the first event, then stops reading until the run has logged `done`, then reads on. */
async function slowReader(chars: number, sessionId: string) {
  const started = await ask('start slow');
  const client = spawnNode('load-bench-client.ts', ['slow', url, sessionId, String(chars)]);
  await client.next<Json>(); // paused
  await ask(`wait-done ${sessionId}`);
  // The run is over; give the last writes a moment to reach the socket, then look at what the server holds.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const during = await ask('now');
  client.send('resume');
  const seen = await client.next<Json>();
  const stats = await ask('stop');
  const replyEvents = Math.ceil(chars / CHUNK) + 2; // run_started, the deltas, done
  const bufferedKb = (during as { bufferedKb: number }).bufferedKb;
  return {
    replyEvents,
    outcome: seen.outcome,
    eventsRead: seen.events,
    idHoles: seen.idHoles,
    sseMb: +((seen.bytes as number) / 1024 / 1024).toFixed(2),
    pausedMs: seen.pausedForMs,
    bufferedWhilePausedKb: bufferedKb,
    peakBufferedOneSocketKb: stats.peakBufferedOneSocketKb,
    heapMb: `${(started as { heapUsedMb: number }).heapUsedMb}→${(during as { heapUsedMb: number }).heapUsedMb}`,
    rssMb: `${(started as { rssMb: number }).rssMb}→${(during as { rssMb: number }).rssMb}`,
    // The reader gets the whole run, or an events_gone error after an unbroken prefix; the server holds little for it.
    wholeOrGone: seen.idHoles === 0 && ((seen.outcome === 'ok' && seen.events === replyEvents) || seen.outcome === 'error_event:events_gone'),
    bounded: bufferedKb <= BOUNDED_KB,
  };
}

try {
  console.log(`\nload: server pid ${server.child.pid} at ${url}, fd limit ${fdLimit} (asked ${FD_LIMIT}), listen backlog ${backlog}`);
  await loadRound(200, 'warm'); // JIT and allocator warm-up, not reported
  const rounds = [];
  for (const [index, streams] of streamCounts.entries()) rounds.push(await loadRound(streams, `r${index}`));
  console.log('\nload: N concurrent POST /messages streams (2 KB reply in 16-char deltas, back to back), read to done by a client process');
  console.table(rounds.map((round) => round.clientSide));
  console.log('\nload: the server process meanwhile (event-loop lag from monitorEventLoopDelay; stalls: the loop still for > 50 ms)');
  console.table(rounds.map((round) => round.serverSide));
  for (const { clientSide, serverSide } of rounds) {
    const target =
      clientSide.streams === 1000 ? `lag p99 ${serverSide.lagP99Ms} ms (target ≤ 50 ms)` : clientSide.streams === 10000 ? `${clientSide.errors} errors (target 0)` : undefined;
    const met = clientSide.streams === 1000 ? serverSide.lagP99Ms <= 50 : clientSide.errors === 0;
    if (target) console.log(`target at ${clientSide.streams} streams: ${target}: ${met ? 'met' : 'MISSED'}`);
  }
  if (!flags['no-slow']) {
    console.log(`\nload: one slow reader (reads the first event, pauses until the run has logged done, then reads on); the log keeps ${flags['log-events']} events per session`);
    // Within the kernel's socket buffers; past them but within the log; past the log.
    const cases = [96_000, 640_000, 1_600_000];
    const rows = [];
    for (const chars of cases) rows.push(await slowReader(chars, `slow-${chars}`));
    console.table(rows);
  }
  const serverErrors = server.stderr.filter((line) => line.trim());
  if (serverErrors.length) console.log(`\nserver stderr (${serverErrors.length} lines, first 10):\n${serverErrors.slice(0, 10).join('\n')}`);
} finally {
  clearTimeout(giveUp);
  await server.end();
}
