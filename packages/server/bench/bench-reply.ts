// What a bench model answers, one source for both servers of the side-by-side bench (ours, and the AI SDK's peer),
// so that they stream the same reply with the same pacing: the message's text names the reply.
//   load               the load bench's 2 KB reply (LOAD_REPLY_CHARS), in CHUNK-character pieces, back to back
//   chars:<n>          n characters in CHUNK-character pieces, back to back (the slow reader's long run)
//   burst:<n>          n pieces of CHUNK characters, back to back (events per second on one stream)
//   stamped:<n>:<ms>   n pieces, each carrying the time it was emitted, <ms> apart (added latency)
import { CHUNK, LOAD_REPLY_CHARS, replyOf } from './load-bench-shape.js';

/**
 * The time now in microseconds on the system's monotonic clock (process.hrtime is CLOCK_MONOTONIC, the same clock in
 * every process of the machine), so a stamp made in the server process can be compared with a read in the client's.
 */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A stamped piece: `[t:<µs>]`. The client finds every stamp in an event, whatever the server's framing. */
export const STAMP = /\[t:(\d+)\]/g;

/** How many text pieces the reply to `text` has: what a client counts to call a stream whole. */
export function piecesOf(text: string): number {
  const [kind = '', first = '0'] = text.split(':');
  if (kind === 'burst' || kind === 'stamped') return Number(first);
  return Math.ceil((kind === 'chars' ? Number(first) : LOAD_REPLY_CHARS) / CHUNK);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reply's pieces as the model emits them: a stamped piece is stamped as it is handed over, not before. */
export async function* replyPieces(text: string, signal?: AbortSignal): AsyncGenerator<string> {
  const [kind = '', first = '0', second = '0'] = text.split(':');
  if (kind === 'stamped') {
    for (let i = 0; i < Number(first) && !signal?.aborted; i++) {
      if (i > 0) await sleep(Number(second));
      yield `[t:${monotonicMicros()}]`;
    }
    return;
  }
  const reply = kind === 'burst' ? replyOf(Number(first) * CHUNK) : replyOf(kind === 'chars' ? Number(first) : LOAD_REPLY_CHARS);
  for (let at = 0; at < reply.length && !signal?.aborted; at += CHUNK) yield reply.slice(at, at + CHUNK);
}
