import { sseText, type SseStream } from './sse-stream.js';

/** Text held back past this many characters makes the writer wait for the socket, as each write did before. */
const HELD_LIMIT = 64 * 1024;

/** After the current turn of the event loop, when everything written in it has been written. */
const later: (then: () => void) => void =
  typeof setImmediate === 'function' ? (then) => void setImmediate(then) : (then) => void setTimeout(then, 0);

/**
 * An event stream over `inner` that sends what is written to it in one turn of the event loop as one chunk, at the
 * end of that turn; and while a chunk is still on its way to the socket, what is written meanwhile gathers into the
 * next one.
 *
 * A model gives its text in bursts (Anthropic's SDK hands several deltas over from one network read), and each
 * event written alone became a chunk of its own on the wire: a 10 KB reply in 20-character pieces was 500 of them.
 * Nothing waits for a timer: an event that follows a quiet spell goes at the end of its turn, so the stream adds no
 * latency to any reader (AG-UI clients, voice pipelines, services; issue 33). A page that wants fewer updates reads
 * per frame. A write resolves at once while less than HELD_LIMIT is held back, so a burst is gathered; past it, it
 * waits for the socket, so a slow reader still slows the writer. `flush` sends what is held and resolves once
 * everything written has gone to `inner`.
 */
export function coalescedStream(inner: SseStream): { stream: SseStream; flush(): Promise<void> } {
  let held = '';
  let scheduled = false;
  /** The chunks on their way, until nothing is held: resolves once the last has been taken by the response. */
  let sending: Promise<void> | undefined;

  const flush = (): Promise<void> => {
    scheduled = false;
    if (sending) return sending;
    if (!held) return Promise.resolve();
    const drain = async () => {
      try {
        while (held) {
          const text = held;
          held = '';
          await inner.write(text);
        }
      } finally {
        sending = undefined;
      }
    };
    sending = drain();
    return sending;
  };

  const write = async (text: string) => {
    held += text;
    if (held.length >= HELD_LIMIT) await flush();
    else if (!scheduled && !sending) {
      scheduled = true;
      later(() => void flush());
    }
  };
  const stream: SseStream = {
    get aborted() {
      return inner.aborted;
    },
    write,
    writeSSE: (message) => write(sseText(message)),
    onAbort: (listener) => inner.onAbort(listener),
  };
  return { stream, flush };
}
