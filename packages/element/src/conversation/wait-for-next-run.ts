import type { EventSourceMessage } from 'eventsource-parser';
import { abortableSleep } from './abortable-sleep.js';

export interface WaitForNextRunOptions {
  /** Open GET /stream?wait=1 after this event id; undefined when the server answered 204 (one that cannot wait). */
  open(after: number, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage> | undefined>;
  /** The id of the last event this page applied. */
  lastId(): number;
  signal: AbortSignal;
  /** The wait before opening again after a stream that ended or failed; doubled each time up to `maxDelayMs`. Default 1 s. */
  firstDelayMs?: number;
  /** Default 30 s. */
  maxDelayMs?: number;
}

/**
 * Resolves true once the session's next run has sent its first event (the caller then follows that run from its
 * own last id, so the event read here is not lost), false when `signal` aborts first. A stream closed by a proxy, or a
 * server that is down for a while, is opened again with backoff: a page may show a pending approval for hours.
 */
export async function waitForNextRun(options: WaitForNextRunOptions): Promise<boolean> {
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  let delayMs = firstDelayMs;
  while (!options.signal.aborted) {
    try {
      const stream = await options.open(options.lastId(), options.signal);
      if (stream) {
        delayMs = firstDelayMs;
        // Heartbeats are comments, which the parser drops: any message at all is the run.
        const first = await stream.next();
        // Lets go of the connection.
        await stream.return(undefined);
        if (!first.done) return true;
      }
    } catch {
      if (options.signal.aborted) break;
      // Unreachable for now: try again after the delay.
    }
    try {
      await abortableSleep(delayMs, options.signal);
    } catch {
      break;
    }
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }
  return false;
}
