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
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift()!;
    }
  } finally {
    // Leaving the loop early (a `break` after `done`, or an abort) must release the connection.
    reader.cancel().catch(() => {});
  }
}
