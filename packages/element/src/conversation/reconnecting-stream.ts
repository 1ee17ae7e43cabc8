import type { EventSourceMessage } from 'eventsource-parser';
import { abortableSleep } from './abortable-sleep.js';

export interface ReconnectOptions {
  /** The stream as it was opened (the POST of a message, a resume, or a first follow). */
  first: AsyncGenerator<EventSourceMessage>;
  /** Open the stream again after this event id; undefined when the server has nothing more to send (the run ended). */
  reopen(after: number): Promise<AsyncGenerator<EventSourceMessage> | undefined>;
  /** The id of the last event applied. */
  lastId(): number;
  signal: AbortSignal;
  /** Between tries: the line that says so, and when it can go. */
  onReconnecting(attempt: number): void;
  onReconnected(): void;
  /** Tries before giving up. Default 6 (about 12 s in all). */
  maxAttempts?: number;
  /** The first wait; each next one is twice as long, at most 16 times this. Default 250 ms. */
  firstDelayMs?: number;
}

/** The server no longer has the events missed, or nothing is running: what happened is in the stored history. */
export const ENDED_AWAY = Symbol('ended while away');

/**
 * A run's events across dropped connections: when the stream ends before `done`, it is opened again with the last
 * id seen (waiting 0.25 s, then twice as long each time, at most 4 s), events already applied are skipped, and
 * after `maxAttempts` failed tries it throws. Yields ENDED_AWAY when the run ended while the connection was down.
 */
export async function* reconnecting(options: ReconnectOptions): AsyncGenerator<EventSourceMessage | typeof ENDED_AWAY> {
  const maxAttempts = options.maxAttempts ?? 6;
  const firstDelayMs = options.firstDelayMs ?? 250;
  let source: AsyncGenerator<EventSourceMessage> | undefined = options.first;
  for (;;) {
    let dropped: unknown;
    try {
      for await (const message of source) {
        if (message.event === 'error' && message.data.includes('"events_gone"')) {
          yield ENDED_AWAY;
          return;
        }
        if (message.id && Number(message.id) <= options.lastId()) continue;
        yield message;
        if (message.event === 'done') return;
      }
    } catch (error) {
      if (options.signal.aborted) throw error;
      dropped = error;
    }
    source = undefined;
    for (let attempt = 1; !source; attempt++) {
      if (attempt > maxAttempts) throw dropped ?? new Error('the stream ended before its done event');
      options.onReconnecting(attempt);
      await abortableSleep(firstDelayMs * Math.min(2 ** (attempt - 1), 16), options.signal);
      try {
        source = await options.reopen(options.lastId());
        if (!source) {
          options.onReconnected();
          yield ENDED_AWAY;
          return;
        }
      } catch (error) {
        if (options.signal.aborted) throw error;
        dropped = error;
      }
    }
    options.onReconnected();
  }
}
