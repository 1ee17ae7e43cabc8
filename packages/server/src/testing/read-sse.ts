import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type SseMessage = EventSourceMessage;

/** Every SSE message (event name, id, data text) of a response, read to its end. */
export async function readSse(response: Response): Promise<SseMessage[]> {
  const messages: SseMessage[] = [];
  for await (const message of iterateSse(response)) messages.push(message);
  return messages;
}

/** A response's SSE messages as they arrive; leaving the loop early cancels the body. */
export async function* iterateSse(response: Response): AsyncGenerator<SseMessage> {
  if (!response.body) throw new Error(`readSse: the response (${response.status}) has no body`);
  const parsed: SseMessage[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(message) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      yield* parsed.splice(0);
    }
    // A last message without its blank line still counts: a server may close right after writing it.
    parser.reset({ consume: true });
    yield* parsed.splice(0);
  } finally {
    // Cancel rather than just release, so an early exit closes the connection too.
    await reader.cancel().catch(() => {});
  }
}
