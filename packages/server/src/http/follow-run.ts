import type { DoneEvent, ErrorEvent } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { EventGapError } from '../coordination/event-log.js';
import type { Runtime } from '../runtime.js';

export interface FollowOptions {
  sessionId: string;
  /** Send the events after this id. */
  after: number;
  /** No run is in flight yet: wait for the next one (no `run_lost` before its first event). */
  waitForRun?: boolean;
  /** The client went away before `done`: the run goes on unless this stops it (the cancelOnDisconnect option). */
  onDisconnect?: () => void;
}

/**
 * A run's events as SSE, read from the event log: `id` the event id, `event` its type, `data` the JSON. Each write
 * waits for the socket, so a slow reader is sent no faster than it reads and the server holds nothing for it but
 * the log; a reader further behind than the log keeps gets an `error` event (code `events_gone`) and reloads the
 * history. Ends after `done`.
 *
 * A quiet stream (a slow tool, a model thinking) gets a comment line every `streamHeartbeatMs`, so proxies do not time it
 * out; and if by then nobody holds the run (its instance died) and nothing came, the stream ends with an `error`
 * (code `run_lost`) and `done`, instead of waiting for a `done` that will never be written. A stream waiting for the
 * next run (`waitForRun`) is only kept alive until that run's first event.
 */
export function followRun(c: Context, runtime: Runtime, options: FollowOptions): Response {
  const heartbeatMs = runtime.streamHeartbeatMs;
  return streamSSE(c, async (stream) => {
    const reader = new AbortController();
    let finished = false;
    let lost = false;
    let heard = true;
    let waiting = options.waitForRun === true;
    stream.onAbort(() => {
      reader.abort();
      if (!finished) options.onDisconnect?.();
    });
    const beat = setInterval(() => {
      void (async () => {
        if (heard) {
          heard = false;
          return;
        }
        if (finished || reader.signal.aborted) return;
        if (waiting) {
          await stream.write(': waiting for a run\n\n').catch(() => {});
          return;
        }
        if (!(await runtime.runs.holder(options.sessionId))) {
          lost = true;
          reader.abort();
          return;
        }
        await stream.write(': still running\n\n').catch(() => {});
      })();
    }, heartbeatMs);
    try {
      for await (const { id, event } of runtime.events.follow(options.sessionId, options.after, reader.signal)) {
        heard = true;
        waiting = false;
        await stream.writeSSE({ id: String(id), event: event.type, data: JSON.stringify(event) });
        if (event.type === 'done') finished = true;
      }
      if (lost && !finished) {
        finished = true;
        const error: ErrorEvent = { type: 'error', message: 'The run was lost: the server running it stopped. Send the message again.', code: 'run_lost' };
        const done: DoneEvent = { type: 'done', stopReason: 'error', hasWrites: false, undoable: false };
        await stream.writeSSE({ event: error.type, data: JSON.stringify(error) });
        await stream.writeSSE({ event: done.type, data: JSON.stringify(done) });
      }
    } catch (error) {
      if (!(error instanceof EventGapError)) throw error;
      finished = true;
      await stream.writeSSE({ event: 'error', data: JSON.stringify({ type: 'error', message: error.message, code: 'events_gone' }) });
    } finally {
      clearInterval(beat);
    }
  });
}
