import type { Context } from 'hono';

/** One server-sent event: `data` may hold line breaks (each line becomes a `data:` line); `event` and `id` may not. */
export interface SseMessage {
  event?: string;
  id?: string;
  data: string;
}

/** The writing end of an event stream (the part of hono's SSEStreamingApi the server uses). */
export interface SseStream {
  /**
   * Sends text as it is. Resolves once the response has taken it (its reader pulled), so a reader that does not read
   * holds the writer back; after the reader went away it resolves at once and sends nothing.
   */
  write(text: string): Promise<void>;
  writeSSE(message: SseMessage): Promise<void>;
  /** Called once, when the reader goes away before the stream has ended. */
  onAbort(listener: () => void): void;
  readonly aborted: boolean;
}

const LINE_BREAK = /[\r\n]/;

/** An event's name and id are one line each: a line break in them would end the field and forge another. */
function oneLine(name: string, value: string | undefined): void {
  if (value !== undefined && LINE_BREAK.test(value)) throw new Error(`an event's ${name} must not hold a line break`);
}

/** An event as the text/event-stream format writes it. */
export function sseText({ event, id, data }: SseMessage): string {
  oneLine('event', event);
  oneLine('id', id);
  // Every event's data is JSON, whose line breaks are escaped: one line, but for a caller's own text.
  const lines = LINE_BREAK.test(data) ? data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join('') : `data: ${data}\n`;
  return `${event ? `event: ${event}\n` : ''}${lines}${id !== undefined ? `id: ${id}\n` : ''}\n`;
}

/** An event stream and the body it makes: the stream writes, the body is read by the response. */
export function sseStream(): { stream: SseStream; readable: ReadableStream<Uint8Array>; close(): void } {
  const encoder = new TextEncoder();
  const listeners: (() => void)[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pulled: (() => void) | undefined;
  let aborted = false;
  let closed = false;
  const resume = () => {
    const then = pulled;
    pulled = undefined;
    then?.();
  };
  // One ReadableStream that the writer fills, instead of hono's TransformStream read into a third stream: in a heap
  // of 1,000 streams held open, those made 13 KB of each stream's 54 (docs/benchmarks.md, "Beside the Vercel AI SDK").
  const readable = new ReadableStream<Uint8Array>(
    {
      start: (made) => void (controller = made),
      pull: resume,
      cancel() {
        aborted = true;
        resume();
        for (const listener of listeners.splice(0)) {
          try {
            listener();
          } catch (error) {
            console.error('[agent-chat] an event stream’s abort listener failed:', error);
          }
        }
      },
    },
    { highWaterMark: 1 },
  );
  const stream: SseStream = {
    get aborted() {
      return aborted;
    },
    async write(text) {
      if (aborted || closed) return;
      controller.enqueue(encoder.encode(text));
      // One chunk may wait in the body; past it, the writer waits for the response to read.
      if ((controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => (pulled = resolve));
    },
    writeSSE: (message) => stream.write(sseText(message)),
    onAbort(listener) {
      listeners.push(listener);
    },
  };
  const close = () => {
    if (closed || aborted) return;
    closed = true;
    controller.close();
  };
  return { stream, readable, close };
}

/**
 * A text/event-stream response that `body` writes; it ends when `body` settles. What `body` throws is logged (the
 * status is sent by then) and ends the stream, as hono's streamSSE does.
 */
export function sseResponse(c: Context, body: (stream: SseStream) => Promise<void>): Response {
  const { stream, readable, close } = sseStream();
  void body(stream)
    .catch((error: unknown) => console.error('[agent-chat] an event stream failed:', error))
    .finally(close);
  // The headers streamSSE set, on the context, so that those middleware set before stay.
  c.header('Transfer-Encoding', 'chunked');
  c.header('Content-Type', 'text/event-stream');
  c.header('Cache-Control', 'no-cache');
  c.header('Connection', 'keep-alive');
  return c.newResponse(readable);
}
