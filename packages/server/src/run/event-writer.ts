import type { StreamEvent } from '@agent-chat/protocol';
import type { EventLog, LoggedEvent } from '../coordination/event-log.js';

export interface EventWriter {
  /** Append an event to the log, after those written before it. */
  write(id: number, event: StreamEvent): void;
  /** Resolves once everything written is in the log; undefined when it is already. */
  pending(): Promise<void> | undefined;
}

/**
 * A run's events appended to its session's log in order, one at a time, from a queue: a chain of promises (two and
 * a closure per event) lived, with many runs waiting their turn, long enough to be promoted and to fill the old
 * generation. An event that cannot be logged is reported and skipped; the run goes on.
 */
export function eventWriter(log: EventLog, key: string): EventWriter {
  const queue: LoggedEvent[] = [];
  let draining: Promise<void> | undefined;
  async function drain() {
    for (let index = 0; index < queue.length; index++) {
      try {
        await log.append(key, queue[index]!);
      } catch (error) {
        console.error('[agent-chat] could not log an event:', error);
      }
    }
    // Nothing was queued since the last append settled (no await between that check and here).
    queue.length = 0;
    draining = undefined;
  }
  return {
    write(id, event) {
      queue.push({ id, event });
      draining ??= drain();
    },
    pending: () => draining,
  };
}
