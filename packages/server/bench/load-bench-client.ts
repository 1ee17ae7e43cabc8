// The client half of the load bench, in a process of its own so that its work does not count as the server's lag.
// Raw node:http with an agent without a socket limit; each stream is POST /sessions/<unique>/messages, read as SSE
// to its end (read-bench-stream.ts). Prints one JSON line with what it saw.
//   load <url> <streams> <tag> <deadlineMs> [agent-chat|ai-sdk]   N streams at once, of our server or the AI SDK's
//   slow <url> <sessionId> <chars>              one stream, paused after its first event until "resume" on stdin
import type { IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';
import { piecesOf } from './bench-reply.js';
import { percentile } from './percentile.js';
import { readStream, type Protocol } from './read-bench-stream.js';

/** A percentile in whole milliseconds. */
const wholeMs = (sorted: readonly number[], p: number) => +percentile(sorted, p).toFixed(0);

async function load(url: string, count: number, tag: string, deadlineMs: number, protocol: Protocol) {
  const start = performance.now();
  let open = 0;
  let peakOpen = 0;
  const streams = Array.from({ length: count }, (_, i) => {
    const stream = readStream(url, `${tag}-${i}`, 'load', { protocol, pieces: piecesOf('load') });
    open++;
    peakOpen = Math.max(peakOpen, open);
    void stream.finished.then(() => open--);
    return stream;
  });
  const openedMs = performance.now() - start;
  const deadline = setTimeout(() => streams.forEach((stream) => stream.abort()), deadlineMs);
  const results = await Promise.all(streams.map((stream) => stream.finished));
  clearTimeout(deadline);
  const totalMs = performance.now() - start;
  const outcomes: Record<string, number> = {};
  for (const result of results) outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
  const ok = results.filter((result) => result.outcome === 'ok');
  const durations = ok.map((result) => result.endMs!).sort((a, b) => a - b);
  const firstEvents = ok.map((result) => result.firstEventMs!).sort((a, b) => a - b);
  const eventCounts = new Set(ok.map((result) => result.events));
  return {
    streams: count,
    ok: ok.length,
    errors: count - ok.length,
    outcomes,
    eventsPerStream: [...eventCounts].sort((a, b) => a - b).join('/'),
    openedMs: Math.round(openedMs),
    totalMs: Math.round(totalMs),
    streamsPerSecond: Math.round((ok.length / totalMs) * 1000),
    eventsPerSecond: Math.round((ok.reduce((sum, result) => sum + result.events, 0) / totalMs) * 1000),
    peakOpen,
    firstEventP50Ms: wholeMs(firstEvents, 50),
    firstEventP99Ms: wholeMs(firstEvents, 99),
    durationP50Ms: wholeMs(durations, 50),
    durationP99Ms: wholeMs(durations, 99),
    durationMaxMs: wholeMs(durations, 100),
  };
}

async function slow(url: string, sessionId: string, chars: number) {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  let bytesAtPause = 0;
  let pausedForMs = 0;
  const onFirstEvent = (response: IncomingMessage) => {
    // Stop reading: node stops taking data from the socket, the kernel's buffers fill, the server's writes wait.
    response.pause();
    const pausedAt = performance.now();
    void (async () => {
      bytesAtPause = stream.result.bytes;
      console.log(JSON.stringify({ paused: sessionId }));
      await lines.next();
      pausedForMs = performance.now() - pausedAt;
      response.resume();
    })();
  };
  const stream = readStream(url, sessionId, `chars:${chars}`, { onFirstEvent });
  const result = await stream.finished;
  return {
    outcome: result.outcome,
    events: result.events,
    idHoles: result.holes,
    bytes: result.bytes,
    bytesBeforePause: bytesAtPause,
    pausedForMs: Math.round(pausedForMs),
    totalMs: Math.round(result.endMs ?? 0),
  };
}

const [mode, url = '', ...rest] = process.argv.slice(2);
if (mode === 'load') {
  const [count = '1000', tag = 'load', deadline = '120000', protocol = 'agent-chat'] = rest;
  console.log(JSON.stringify(await load(url, Number(count), tag, Number(deadline), protocol as Protocol)));
} else if (mode === 'slow') {
  const [sessionId = 'slow', chars = '100000'] = rest;
  console.log(JSON.stringify(await slow(url, sessionId, Number(chars))));
} else {
  console.error('usage: load-bench-client.ts load <url> <streams> <tag> <deadlineMs> [agent-chat|ai-sdk] | slow <url> <sessionId> <chars>');
  process.exit(2);
}
process.exit(0);
