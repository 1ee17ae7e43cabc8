import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * The SSE messages of a response body, as they arrive. Leaving the loop early (a break, a throw, an abort)
 * cancels the body, so an abandoned stream does not keep the connection open.
 */
export async function* readSseMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(message) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let drained = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        drained = true;
        // A last message without its closing blank line (the SSE spec would drop it) is still one the server meant
        // to send: some servers end with `data: [DONE]` and a single newline, or none.
        parser.feed(`${decoder.decode()}\n\n`);
      } else {
        parser.feed(decoder.decode(value, { stream: true }));
      }
      while (pending.length > 0) yield pending.shift()!;
      if (done) return;
    }
  } finally {
    if (!drained) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
