// The client half of the load bench, in a process of its own so that its work does not count as the server's lag.
// Raw node:http with an agent without a socket limit; each stream is POST /sessions/<unique>/messages, read as SSE
// to `done`. Prints one JSON line with what it saw.
//   load <url> <streams> <tag> <deadlineMs>     N streams at once
//   slow <url> <sessionId> <chars>              one stream, paused after its first event until "resume" on stdin
import { Agent, request, type IncomingMessage } from 'node:http';
import { createInterface } from 'node:readline';

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

interface SseEvent {
  id: number | undefined;
  type: string;
  data: string;
}

/** Splits an SSE body into events as chunks arrive (the server writes `event`, `data` and `id` lines). */
function sseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf('\n\n')) !== -1) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event: SseEvent = { id: undefined, type: 'message', data: '' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) event.id = Number(line.slice(4));
        else if (line.startsWith('event: ')) event.type = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
        else continue; // a comment (": still running") or an empty line
        fields++;
      }
      if (fields > 0) onEvent(event);
    }
  };
}

/** What one stream did. `outcome` is 'ok' only for a 200 that ended with `done` (end_turn) and ids without a hole. */
interface StreamResult {
  outcome: string;
  events: number;
  bytes: number;
  startedAt: number;
  firstByteMs?: number;
  firstEventMs?: number;
  endMs?: number;
  /** Places where an event id did not follow the one before. */
  holes: number;
}

function post(url: string, sessionId: string, text: string) {
  const body = JSON.stringify({ text });
  return request(`${url}/sessions/${sessionId}/messages`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  }).end(body);
}

/** Reads one stream to its end; `onFirstEvent` may pause the response (the slow reader). */
function readStream(url: string, sessionId: string, text: string, onFirstEvent?: (response: IncomingMessage) => void) {
  const result: StreamResult = { outcome: 'pending', events: 0, bytes: 0, startedAt: performance.now(), holes: 0 };
  const since = () => performance.now() - result.startedAt;
  let lastId: number | undefined;
  let sawDone = false;
  let stopReason: string | undefined;
  let errorCode: string | undefined;
  const req = post(url, sessionId, text);
  const finished = new Promise<StreamResult>((resolve) => {
    const finish = (outcome: string) => {
      if (result.outcome !== 'pending') return;
      result.outcome = outcome;
      result.endMs = since();
      resolve(result);
    };
    req.on('error', (error: NodeJS.ErrnoException) => finish(`socket:${error.code ?? error.message}`));
    req.on('response', (response) => {
      result.firstByteMs = since();
      if (response.statusCode !== 200) {
        response.resume();
        return finish(`status:${response.statusCode}`);
      }
      response.setEncoding('utf8');
      const parse = sseParser((event) => {
        result.events++;
        result.firstEventMs ??= since();
        if (event.id !== undefined) {
          if (lastId !== undefined && event.id !== lastId + 1) result.holes++;
          lastId = event.id;
        }
        if (event.type === 'done') {
          sawDone = true;
          stopReason = (JSON.parse(event.data) as { stopReason?: string }).stopReason;
        } else if (event.type === 'error') {
          errorCode = (JSON.parse(event.data) as { code?: string }).code ?? 'unknown';
        }
        if (result.events === 1) onFirstEvent?.(response);
      });
      response.on('data', (chunk: string) => {
        result.bytes += Buffer.byteLength(chunk);
        parse(chunk);
      });
      response.on('error', (error: NodeJS.ErrnoException) => finish(`socket:${error.code ?? error.message}`));
      response.on('close', () => {
        if (errorCode) finish(`error_event:${errorCode}`);
        else if (!sawDone) finish('no_done');
        else if (stopReason !== 'end_turn') finish(`done:${stopReason}`);
        else if (result.holes > 0) finish('id_hole');
        else finish('ok');
      });
    });
  });
  return { finished, result, abort: () => req.destroy(new Error('deadline')) };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return +sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(0);
}

async function load(url: string, count: number, tag: string, deadlineMs: number) {
  const start = performance.now();
  let open = 0;
  let peakOpen = 0;
  const streams = Array.from({ length: count }, (_, i) => {
    const stream = readStream(url, `${tag}-${i}`, 'load');
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
    firstEventP50Ms: percentile(firstEvents, 50),
    firstEventP99Ms: percentile(firstEvents, 99),
    durationP50Ms: percentile(durations, 50),
    durationP99Ms: percentile(durations, 99),
    durationMaxMs: percentile(durations, 100),
  };
}

async function slow(url: string, sessionId: string, chars: number) {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  let bytesAtPause = 0;
  let pausedForMs = 0;
  const stream = readStream(url, sessionId, `chars:${chars}`, (response) => {
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
  });
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
  const [count = '1000', tag = 'load', deadline = '120000'] = rest;
  console.log(JSON.stringify(await load(url, Number(count), tag, Number(deadline))));
} else if (mode === 'slow') {
  const [sessionId = 'slow', chars = '100000'] = rest;
  console.log(JSON.stringify(await slow(url, sessionId, Number(chars))));
} else {
  console.error('usage: load-bench-client.ts load <url> <streams> <tag> <deadlineMs> | slow <url> <sessionId> <chars>');
  process.exit(2);
}
process.exit(0);
