import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The SSE messages of a streamed response body, in order, as they arrive.
 * Ends when the body ends (a last message cut off before its blank line is dropped, as SSE says); a network
 * failure or an abort surfaces as a rejection of the iteration.
 */
export async function* readSseStream(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => queue.push(message) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift()!;
    }
  } finally {
    // Left early (a `break` after the run's `done`, or an abort): the connection must be released.
    if (!ended) void release(reader);
  }
}

/** How long a stream left after its last event may take to end by itself before it is cancelled. */
const CLOSE_GRACE_MS = 250;

/**
 * After the run's `done` the server is ending the stream anyway: wait a moment for that, so the request ends
 * complete rather than cancelled (which DevTools and a host's network monitoring show as a failed request), and
 * cancel it if it is still open then. Not awaited by the reader's consumer.
 */
async function release(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), CLOSE_GRACE_MS));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') break;
      if (next.done) return;
    }
  } catch {
    // Aborted or failed: nothing left to release.
    return;
  }
  reader.cancel().catch(() => {});
}
