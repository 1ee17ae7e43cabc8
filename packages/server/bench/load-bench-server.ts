// The server half of the load bench (load-bench.ts starts it in its own process): createAgentChat with a scripted
// model that yields tokens back to back, served by @hono/node-server on 127.0.0.1. It measures itself (event-loop
// lag, memory, bytes waiting in its sockets) over windows that the bench opens and closes through stdin, one
// JSON command per line, and answers on stdout, one JSON line per command. Nothing else is written to stdout.
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo, Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createAgentChat, memoryEventLog, memoryStore, scriptedModel, type EventLog } from '../src/index.js';
import { CHUNK, LOAD_REPLY_CHARS, replyOf } from './load-bench-shape.js';

/** The monitor's timer interval: each sample is this much plus the lag, so it is taken off. */
const RESOLUTION_MS = 1;

const loadReply = replyOf(LOAD_REPLY_CHARS);

const numberFromEnv = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const storeSessions = numberFromEnv('LOAD_STORE_SESSIONS');
const logSessions = numberFromEnv('LOAD_LOG_SESSIONS');
const logEvents = numberFromEnv('LOAD_LOG_EVENTS');

// The log is wrapped only to tell the bench when a session's run has logged its `done` (the slow-reader case waits
// for it before it lets its reader go on).
const inner = memoryEventLog({ ...(logSessions ? { maxSessions: logSessions } : {}), ...(logEvents ? { maxEvents: logEvents } : {}) });
const doneWaiters = new Map<string, () => void>();
const doneLogged = new Set<string>();
const events: EventLog = {
  ...inner,
  async append(sessionId, event) {
    await inner.append(sessionId, event);
    if (event.event.type === 'done') {
      doneLogged.add(sessionId);
      doneWaiters.get(sessionId)?.();
    }
  },
};

const app = createAgentChat({
  // "load" gets the 2 KB reply; "chars:<n>" gets a reply of n characters (the slow reader's long run).
  model: scriptedModel(({ text }) => [[{ text: text.startsWith('chars:') ? replyOf(Number(text.slice(6))) : loadReply }]], { chunkSize: CHUNK, delayMs: 0 }),
  authorize: () => 'load-bench',
  events,
  ...(storeSessions ? { store: memoryStore({ maxSessions: storeSessions }) } : {}),
});

const server = createAdaptorServer({ fetch: app.fetch });
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
let peaks = { rss: 0, heapUsed: 0, buffered: 0, bufferedOneSocket: 0, sockets: 0 };
let sampler: NodeJS.Timeout | undefined;
/** Stalls longer than STALL_MS: when (ms into the window) and how long, to tell an intake burst from a slow run. */
const STALL_MS = 50;
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
    buffered: Math.max(peaks.buffered, bytes.total),
    bufferedOneSocket: Math.max(peaks.bufferedOneSocket, bytes.largest),
    sockets: Math.max(peaks.sockets, sockets.size),
  };
}

const ms = (ns: number) => +Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

function collectGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

function memoryNow() {
  const memory = process.memoryUsage();
  const bytes = buffered();
  return { rssMb: mb(memory.rss), heapUsedMb: mb(memory.heapUsed), bufferedKb: +(bytes.total / 1024).toFixed(1), sockets: sockets.size };
}

// The server's own failures (a run that failed, an event it could not log) go to stderr: counted, and passed on.
const writeError = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  errorLines++;
  return writeError(chunk, ...rest);
}) as typeof process.stderr.write;

const commands: Record<string, (argument?: string) => unknown | Promise<unknown>> = {
  start() {
    collectGarbage();
    lag.reset();
    lag.enable();
    peaks = { rss: 0, heapUsed: 0, buffered: 0, bufferedOneSocket: 0, sockets: 0 };
    errorLines = 0;
    windowStart = performance.now();
    stalls = [];
    lastTick = 0;
    sample();
    sampler = setInterval(sample, 50);
    return { started: true, ...memoryNow() };
  },
  stop() {
    sample();
    clearInterval(sampler);
    lastTick = 0;
    lag.disable();
    const during = {
      windowMs: Math.round(performance.now() - windowStart),
      lagP50Ms: ms(lag.percentile(50)),
      lagP99Ms: ms(lag.percentile(99)),
      lagMaxMs: ms(lag.max),
      peakRssMb: mb(peaks.rss),
      peakHeapUsedMb: mb(peaks.heapUsed),
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
  async 'wait-done'(sessionId) {
    if (!sessionId) throw new Error('wait-done needs a session id');
    if (!doneLogged.has(sessionId)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no done for ${sessionId} within 60 s`)), 60_000);
        doneWaiters.set(sessionId, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    doneWaiters.delete(sessionId);
    return { done: sessionId };
  },
};

// Node's default backlog is 511; a host that expects thousands of connections at once raises it (the kernel caps
// it at net.core.somaxconn).
const backlog = numberFromEnv('LOAD_BACKLOG') ?? 511;
server.listen({ port: 0, host: '127.0.0.1', backlog }, () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid, fdLimit: process.env.LOAD_FD_LIMIT ?? 'unknown', backlog }));
});

for await (const line of createInterface({ input: process.stdin })) {
  const [name = '', argument] = line.trim().split(/\s+/);
  const command = commands[name];
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
