import type { SSEStreamingApi } from 'hono/streaming';

/** Text held back past this many characters makes the writer wait for the socket, as each write did before. */
const HELD_LIMIT = 64 * 1024;

/**
 * After a chunk has gone, the next waits this long for more to join it. A model's deltas come every few ms, and each
 * chunk costs the reader's page a task of its own (measured in Chromium: reading a 10 KB reply's body alone took 20 ms
 * of main thread in 63 chunks, 11 ms in 34), while the element shows streamed text at most every 50 ms anyway. The
 * first write after a quiet spell still goes at once, so nothing waits that was not already following another chunk.
 */
const GATHER_MS = 32;

/** After the current turn of the event loop, when everything written in it has been written. */
const later: (then: () => void) => void =
  typeof setImmediate === 'function' ? (then) => void setImmediate(then) : (then) => void setTimeout(then, 0);

/**
 * Makes `stream` send what is written to it in one turn of the event loop as one chunk, at the end of that turn, or
 * GATHER_MS after the last chunk if that is later.
 * A model gives its text in bursts (Anthropic's SDK hands several deltas over from one network read), and each
 * event written alone became a chunk of its own on the wire and a task of its own in the reader's browser: a 10 KB
 * reply in 20-character pieces was 500 of them. A write resolves at once while less than HELD_LIMIT is held back,
 * so a burst is gathered; past it, it waits for the socket, so a slow reader still slows the writer. Returns
 * `flush`, which sends what is held and resolves once everything written has gone to the response.
 */
export function coalesceWrites(stream: SSEStreamingApi): () => Promise<void> {
  const write = stream.write.bind(stream);
  const decoder = new TextDecoder();
  let held = '';
  /** The flush to come, once one is asked for: cancelled by a flush that comes first (past the limit, the end). */
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scheduled = false;
  let written: Promise<unknown> = Promise.resolve();
  /** When the last chunk went: what the next waits for. A flush with nothing to send sends no chunk. */
  let sentAt = -Infinity;
  const flush = (): Promise<void> => {
    scheduled = false;
    clearTimeout(timer);
    timer = undefined;
    if (held) {
      const text = held;
      held = '';
      sentAt = performance.now();
      written = written.then(() => write(text));
    }
    return written.then(() => undefined);
  };
  stream.write = async (input: string | Uint8Array) => {
    held += typeof input === 'string' ? input : decoder.decode(input);
    if (held.length >= HELD_LIMIT) await flush();
    else if (!scheduled) {
      scheduled = true;
      const wait = GATHER_MS - (performance.now() - sentAt);
      if (wait > 0) timer = setTimeout(() => void flush(), wait);
      else later(() => void flush());
    }
    return stream;
  };
  return flush;
}
