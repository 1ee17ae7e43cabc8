import type { DoneEvent, ErrorEvent } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { followLog, type FollowRuntime } from './follow-log.js';

export interface FollowOptions {
  /** The session's key (SessionRef.key): whose run and log. */
  key: string;
  /** Send the events after this id. */
  after: number;
  /** No run is in flight yet: wait for the next one (no `run_lost` before its first event). */
  waitForRun?: boolean;
  /** The client went away before `done`: the run goes on unless this stops it (the cancelOnDisconnect option). */
  onDisconnect?: () => void;
}

/**
 * A run's events as our SSE stream (follow-log.ts reads them, with its heartbeat and lost-run check): `id` the
 * event id, `event` its type, `data` the JSON. Ends after `done`. A reader further behind than the log keeps gets
 * an `error` event (code `events_gone`) and reloads the history; a run nobody holds any more ends with an `error`
 * (code `run_lost`) and `done`.
 */
export function followRun(c: Context, runtime: FollowRuntime, options: FollowOptions): Response {
  return followLog(c, runtime, {
    ...options,
    send: (stream, { id, event }) => stream.writeSSE({ id: String(id), event: event.type, data: JSON.stringify(event) }),
    async broken(stream, { code, message }) {
      const error: ErrorEvent = { type: 'error', message, code };
      await stream.writeSSE({ event: error.type, data: JSON.stringify(error) });
      if (code !== 'run_lost') return;
      const done: DoneEvent = { type: 'done', stopReason: 'error', hasWrites: false, undoable: false };
      await stream.writeSSE({ event: done.type, data: JSON.stringify(done) });
    },
  });
}
