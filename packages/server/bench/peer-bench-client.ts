// The client of the side-by-side bench's one-stream rows, in a process of its own: it reads our server and the AI
// SDK's the same way, one stream at a time, taking turns (ours, theirs, theirs, ours, …), so that both meet the same
// machine: on a shared 2-core machine, what else runs moves the tail of a latency by milliseconds from minute to
// minute. Prints one JSON line: per target, in the order given.
//   latency <targets> <streams> <pieces> <paceMs>   <streams> streams each, of <pieces> stamped pieces <paceMs> apart:
//                                                   the time from the model emitting a piece to the client reading it
//   throughput <targets> <streams> <pieces>         <streams> streams each, of <pieces> pieces back to back: pieces
//                                                   read per second
// <targets> is `<protocol>=<url>,…` (protocol: agent-chat or ai-sdk).
import { request } from 'node:http';
import { monotonicMicros, STAMP } from './bench-reply.js';
import { readStream, type Protocol } from './read-bench-stream.js';
import { percentile } from './percentile.js';

interface Target {
  protocol: Protocol;
  url: string;
}

/** The targets in turn, the order flipped every round: A B, B A, A B… */
function* turns<T>(targets: readonly T[], rounds: number): Generator<[T, number]> {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? targets.map((target, index) => [target, index] as const) : targets.map((target, index) => [target, index] as const).reverse();
    for (const [target, index] of order) yield [target, index];
  }
}


const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

/**
 * Each stamped piece's age when the client has it parsed: the time from the model emitting it (its stamp, taken in
 * the server process on the same monotonic clock) to the client reading its event. One stream at a time, so it is
 * what the server adds to a token, not a queue.
 */
async function latency(targets: readonly Target[], streams: number, pieces: number, paceMs: number) {
  const text = `stamped:${pieces}:${paceMs}`;
  // The first stream of each warms both ends up (JIT, the first session): not counted.
  for (const { url, protocol } of targets) await readStream(url, 'latency-warm', text, { protocol, pieces }).finished;
  const ages = targets.map((): number[] => []);
  const errors = targets.map(() => 0);
  for (const [{ url, protocol }, index] of turns(targets, streams)) {
    const onEvent = ({ data }: { data: string }) => {
      const readAt = monotonicMicros();
      for (const [, stamp] of data.matchAll(STAMP)) ages[index]!.push((readAt - Number(stamp)) / 1000);
    };
    const { outcome } = await readStream(url, `latency-${index}-${ages[index]!.length}`, text, { protocol, pieces, onEvent }).finished;
    if (outcome !== 'ok') errors[index]!++;
  }
  const round = (ms: number) => +ms.toFixed(2);
  return ages.map((samples, index) => {
    samples.sort((a, b) => a - b);
    return { samples: samples.length, errors: errors[index]!, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(samples.at(-1) ?? NaN) };
  });
}

/** How a stream marks a text piece and its end, as bytes on the wire. */
const MARKS: Record<Protocol, { piece: string; end: string }> = {
  'agent-chat': { piece: 'event: text_delta\n', end: 'event: done\n' },
  'ai-sdk': { piece: '"type":"text-delta"', end: 'data: [DONE]' },
};

/**
 * One stream read as fast as a client can: the pieces counted in the raw text, not parsed (parsing every event made
 * this client, not the server, the bottleneck of the row). A mark cut by a chunk's end is found in the next one.
 */
function countStream(url: string, protocol: Protocol, sessionId: string, text: string): Promise<{ pieces: number; ended: boolean; ms: number }> {
  const { piece, end } = MARKS[protocol];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ text });
    const req = request(`${url}/sessions/${sessionId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      response.setEncoding('utf8');
      let pieces = 0;
      let ended = false;
      let carry = '';
      const keep = Math.max(piece.length, end.length) - 1;
      response.on('data', (chunk: string) => {
        const text = carry + chunk;
        // A mark that ends within the carried part was counted with the chunk before.
        for (let at = text.indexOf(piece); at !== -1; at = text.indexOf(piece, at + piece.length)) if (at + piece.length > carry.length) pieces++;
        ended ||= text.includes(end);
        carry = text.slice(-keep);
      });
      response.on('end', () => resolve({ pieces, ended, ms: performance.now() - started }));
      response.on('error', reject);
    });
    req.end(body);
  });
}

/** Pieces read per second on one stream, from the request to the stream's end; the median of `streams` runs each. */
async function throughput(targets: readonly Target[], streams: number, pieces: number) {
  for (const { url, protocol } of targets) await countStream(url, protocol, 'throughput-warm', `burst:${Math.min(pieces, 2000)}`);
  const rates = targets.map((): number[] => []);
  const errors = targets.map(() => 0);
  for (const [{ url, protocol }, index] of turns(targets, streams)) {
    const result = await countStream(url, protocol, `throughput-${index}-${rates[index]!.length}`, `burst:${pieces}`);
    if (!result.ended || result.pieces !== pieces) errors[index]!++;
    rates[index]!.push(Math.round((result.pieces / result.ms) * 1000));
  }
  return rates.map((runs, index) => ({ pieces, errors: errors[index]!, eventsPerSecond: median(runs), runs }));
}

const [mode, list = '', ...rest] = process.argv.slice(2);
const targets = list.split(',').map((entry): Target => {
  const [protocol = '', url = ''] = entry.split(/=(.*)/s);
  return { protocol: protocol as Protocol, url };
});
if (mode === 'latency') {
  const [streams = '5', pieces = '200', paceMs = '5'] = rest;
  console.log(JSON.stringify(await latency(targets, Number(streams), Number(pieces), Number(paceMs))));
} else if (mode === 'throughput') {
  const [streams = '3', pieces = '20000'] = rest;
  console.log(JSON.stringify(await throughput(targets, Number(streams), Number(pieces))));
} else {
  console.error('usage: peer-bench-client.ts latency <protocol>=<url>,… <streams> <pieces> <paceMs> | throughput <protocol>=<url>,… <streams> <pieces>');
  process.exit(2);
}
process.exit(0);
