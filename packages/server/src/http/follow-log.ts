import type { Context } from 'hono';
import { EventGapError, type LoggedEvent } from '../coordination/event-log.js';
import type { Runtime } from '../runtime.js';
import { coalescedStream } from './coalesced-stream.js';
import { sseResponse, type SseStream } from './sse-stream.js';

/** Why a stream ended before its run's `done`: the run was lost, or the reader fell behind what the log keeps. */
export interface FollowBreak {
  code: 'run_lost' | 'events_gone';
  message: string;
}

export interface LogFollowOptions {
  /** The session's key (SessionRef.key): whose run and log. */
  key: string;
  /** Send the events after this id. */
  after: number;
  /** No run is in flight yet: wait for the next one (no `run_lost` before its first event). */
  waitForRun?: boolean;
  /**
   * Write one logged event in the stream's own words (the run's `done` is the last one called). `'end'` ends the
   * stream after it, while the run goes on (an AG-UI run ends at an input request, which the next AG-UI run answers).
   */
  send(stream: SseStream, entry: LoggedEvent): Promise<void | 'end'>;
  /** Write what comes before the first event (`'end'`: and nothing after it). */
  start?(stream: SseStream): Promise<void | 'end'>;
  /** Write the end of a stream whose run cannot be followed to its `done`. */
  broken(stream: SseStream, why: FollowBreak): Promise<void>;
  /** The client went away before `done`. */
  onDisconnect?: () => void;
}

/** What following a run reads: its events, whether anyone still holds it, and how often a quiet stream beats. */
export type FollowRuntime = Pick<Runtime, 'events' | 'runs' | 'streamHeartbeatMs'>;

const LOST = 'The run was lost: the server running it stopped. Send the message again.';

/**
 * A run's events read from the event log, as SSE. Events go out gathered in chunks (those written in one turn of the
 * event loop, and those that pile up while the socket pushes back; never held for a timer: coalesced-stream.ts), and
 * past 64 KB held a write waits for the socket, so a slow reader is sent no faster than it reads and the server holds
 * little for it but the log; a reader further behind than the log keeps is told `events_gone`. Ends after `done`.
 *
 * A quiet stream (a slow tool, a model thinking) gets a comment line every `streamHeartbeatMs`, so proxies do not
 * time it out; and if by then nobody holds the run (its instance died) and nothing came, the stream ends as
 * `run_lost` instead of waiting for a `done` that will never be written. A stream waiting for the next run
 * (`waitForRun`) is only kept alive until that run's first event.
 */
export function followLog(c: Context, runtime: FollowRuntime, options: LogFollowOptions): Response {
  return sseResponse(c, async (socket) => {
    const { stream, flush } = coalescedStream(socket);
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
        if (!(await runtime.runs.holder(options.key))) {
          lost = true;
          reader.abort();
          return;
        }
        await stream.write(': still running\n\n').catch(() => {});
      })();
    }, runtime.streamHeartbeatMs);
    try {
      if ((await options.start?.(stream)) === 'end') {
        finished = true;
        return;
      }
      for await (const entry of runtime.events.follow(options.key, options.after, reader.signal)) {
        heard = true;
        waiting = false;
        if (entry.event.type === 'done') finished = true;
        if ((await options.send(stream, entry)) === 'end') {
          finished = true;
          break;
        }
      }
      if (lost && !finished) {
        finished = true;
        await options.broken(stream, { code: 'run_lost', message: LOST });
      }
    } catch (error) {
      if (!(error instanceof EventGapError)) throw error;
      finished = true;
      await options.broken(stream, { code: 'events_gone', message: error.message });
    } finally {
      clearInterval(beat);
      // What is held is sent before the stream closes (it closes when this returns).
      await flush();
    }
  });
}
