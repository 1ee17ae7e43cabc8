import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { EventGapError } from '../coordination/event-log.js';
import type { Runtime } from '../runtime.js';

export interface FollowOptions {
  sessionId: string;
  /** Send the events after this id. */
  after: number;
  /** The client went away before `done`: the run goes on unless this stops it (the cancelOnDisconnect option). */
  onDisconnect?: () => void;
}

/**
 * A run's events as SSE, read from the event log: `id` the event id, `event` its type, `data` the JSON. Each write
 * waits for the socket, so a slow reader is sent no faster than it reads and the server holds nothing for it but
 * the log; a reader further behind than the log keeps gets an `error` event (code `events_gone`) and reloads the
 * history. Ends after `done`.
 */
export function followRun(c: Context, runtime: Runtime, options: FollowOptions): Response {
  return streamSSE(c, async (stream) => {
    const reader = new AbortController();
    let finished = false;
    stream.onAbort(() => {
      reader.abort();
      if (!finished) options.onDisconnect?.();
    });
    try {
      for await (const { id, event } of runtime.events.follow(options.sessionId, options.after, reader.signal)) {
        await stream.writeSSE({ id: String(id), event: event.type, data: JSON.stringify(event) });
        if (event.type === 'done') finished = true;
      }
    } catch (error) {
      if (!(error instanceof EventGapError)) throw error;
      finished = true;
      await stream.writeSSE({ event: 'error', data: JSON.stringify({ type: 'error', message: error.message, code: 'events_gone' }) });
    }
  });
}
