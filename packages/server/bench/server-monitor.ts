// The measuring half of a bench server process (load-bench-server.ts for ours, peer-ai-sdk-server.ts for the AI
// SDK's): it listens on 127.0.0.1, measures the process (event-loop lag, memory, bytes waiting in its sockets) over
// windows that the bench opens and closes through stdin, one command per line, and answers on stdout, one JSON line
// per command. Nothing else may be written to stdout.
//
// BENCH_HEAP_SNAPSHOT=<ms>[,<ms>…]:<dir> writes a heap snapshot into <dir> at each <ms> into every window but the
// warm-up's: what holds the memory at a round's height (heap-summary.ts sums one up; Chrome's DevTools reads it too).
// BENCH_HEAP_SAMPLING=<dir> samples allocations over every window but the warm-up's, counting those a scavenge did
// not collect (promoted, then garbage for a mark-compact): what makes the old generation, and so RSS, grow.
import { mkdirSync } from 'node:fs';
import type { AddressInfo, Server, Socket } from 'node:net';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { writeHeapSnapshot } from 'node:v8';

/** The monitor's timer interval: each sample is this much plus the lag, so it is taken off. */
const RESOLUTION_MS = 1;
/** Stalls longer than this: when (ms into the window) and how long, to tell an intake burst from a slow run. */
const STALL_MS = 50;

export type Command = (argument?: string) => unknown | Promise<unknown>;

const ms = (ns: number) => +Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** Listens, then answers the bench's commands until stdin closes; `commands` adds a server's own. */
export async function monitorServer(server: Server, commands: Record<string, Command> = {}): Promise<never> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  /** Bytes written by the server that the kernel has not taken yet, summed over sockets, and the largest one. */
  function buffered() {
    let total = 0;
    let largest = 0;
    for (const socket of sockets) {
      total += socket.writableLength;
      largest = Math.max(largest, socket.writableLength);
    }
    return { total, largest };
  }

  const lag = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let peaks = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, buffered: 0, bufferedOneSocket: 0, sockets: 0 };
  let sampler: NodeJS.Timeout | undefined;
  let snapshots: NodeJS.Timeout[] = [];
  let stalls: { atMs: number; ms: number }[] = [];
  let lastTick = 0;
  let windowStart = 0;
  let errorLines = 0;

  function sample() {
    const now = performance.now();
    if (lastTick && now - lastTick > STALL_MS + 50) stalls.push({ atMs: Math.round(lastTick - windowStart), ms: Math.round(now - lastTick - 50) });
    lastTick = now;
    const memory = process.memoryUsage();
    const bytes = buffered();
    peaks = {
      rss: Math.max(peaks.rss, memory.rss),
      heapUsed: Math.max(peaks.heapUsed, memory.heapUsed),
      heapTotal: Math.max(peaks.heapTotal, memory.heapTotal),
      external: Math.max(peaks.external, memory.external),
      buffered: Math.max(peaks.buffered, bytes.total),
      bufferedOneSocket: Math.max(peaks.bufferedOneSocket, bytes.largest),
      sockets: Math.max(peaks.sockets, sockets.size),
    };
  }

  function memoryNow() {
    const memory = process.memoryUsage();
    const bytes = buffered();
    return { rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), bufferedKb: +(bytes.total / 1024).toFixed(1), sockets: sockets.size };
  }

  /** The heap snapshots BENCH_HEAP_SNAPSHOT asks for in the window named `tag`. */
  function planSnapshots(tag: string) {
    const [times, dir] = (process.env.BENCH_HEAP_SNAPSHOT ?? '').split(/:(.*)/s);
    if (!times || !dir || tag === 'warm') return;
    snapshots = times.split(',').map((atMs) =>
      setTimeout(() => {
        mkdirSync(dir, { recursive: true });
        const file = writeHeapSnapshot(join(dir, `${process.title}-${tag}-${atMs}ms-${memoryNow().sockets}sockets.heapsnapshot`));
        process.stderr.write(`heap snapshot: ${file}\n`);
      }, Number(atMs)),
    );
  }

  let sampling: { session: Session; tag: string } | undefined;
  async function startSampling(tag: string) {
    const dir = process.env.BENCH_HEAP_SAMPLING;
    if (!dir || tag === 'warm') return;
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
    sampling = { session, tag };
  }
  async function stopSampling() {
    if (!sampling) return;
    const { session, tag } = sampling;
    sampling = undefined;
    const dir = process.env.BENCH_HEAP_SAMPLING!;
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${process.title}-${tag}.heapprofile`);
    writeFileSync(file, JSON.stringify(profile));
    process.stderr.write(`heap sampling: ${file}\n`);
  }

  // The server's own failures (a run that failed, an event it could not log) go to stderr: counted, and passed on.
  const writeError = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    errorLines++;
    return writeError(chunk, ...rest);
  }) as typeof process.stderr.write;

  const all: Record<string, Command> = {
    async start(tag = 'round') {
      await startSampling(tag);
      collectGarbage();
      lag.reset();
      lag.enable();
      peaks = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, buffered: 0, bufferedOneSocket: 0, sockets: 0 };
      errorLines = 0;
      windowStart = performance.now();
      stalls = [];
      lastTick = 0;
      sample();
      sampler = setInterval(sample, 50);
      planSnapshots(tag);
      return { started: true, ...memoryNow() };
    },
    async stop() {
      sample();
      await stopSampling();
      clearInterval(sampler);
      for (const timer of snapshots) clearTimeout(timer);
      lastTick = 0;
      lag.disable();
      const during = {
        windowMs: Math.round(performance.now() - windowStart),
        lagP50Ms: ms(lag.percentile(50)),
        lagP99Ms: ms(lag.percentile(99)),
        lagMaxMs: ms(lag.max),
        peakRssMb: mb(peaks.rss),
        peakHeapUsedMb: mb(peaks.heapUsed),
        peakHeapTotalMb: mb(peaks.heapTotal),
        peakExternalMb: mb(peaks.external),
        peakBufferedKb: +(peaks.buffered / 1024).toFixed(1),
        peakBufferedOneSocketKb: +(peaks.bufferedOneSocket / 1024).toFixed(1),
        peakSockets: peaks.sockets,
        stderrLines: errorLines,
        stallsOver50Ms: stalls.length,
        stalledMs: stalls.reduce((sum, stall) => sum + stall.ms, 0),
        longestStalls: [...stalls].sort((a, b) => b.ms - a.ms).slice(0, 3).map((stall) => `${stall.ms}@${stall.atMs}`).join(' '),
      };
      collectGarbage();
      return { ...during, after: memoryNow() };
    },
    /** Now, without closing the window: what the slow reader's pause costs the server. */
    now() {
      sample();
      collectGarbage();
      return memoryNow();
    },
    ...commands,
  };

  // Node's default backlog is 511; a host that expects thousands of connections at once raises it (the kernel caps
  // it at net.core.somaxconn).
  const backlog = process.env.LOAD_BACKLOG ? Number(process.env.LOAD_BACKLOG) : 511;
  server.listen({ port: 0, host: '127.0.0.1', backlog }, () => {
    const { port } = server.address() as AddressInfo;
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid, fdLimit: process.env.LOAD_FD_LIMIT ?? 'unknown', backlog }));
  });

  for await (const line of createInterface({ input: process.stdin })) {
    const [name = '', argument] = line.trim().split(/\s+/);
    const command = all[name];
    try {
      if (!command) throw new Error(`unknown command ${name}`);
      console.log(JSON.stringify(await command(argument)));
    } catch (error) {
      console.log(JSON.stringify({ error: String(error) }));
    }
  }
  // stdin closed: the bench is over (or gone), so is the server.
  server.close();
  for (const socket of sockets) socket.destroy();
  process.exit(0);
}
