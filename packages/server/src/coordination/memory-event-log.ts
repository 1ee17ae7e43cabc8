import { EventGapError, type EventLog, type LoggedEvent } from './event-log.js';

export interface MemoryEventLogOptions {
  /** Events kept per session; a client further behind than this reloads the history. Default 10,000. */
  maxEvents?: number;
  /** How long a session's events are kept after its last one. Default 10 minutes. */
  ttlMs?: number;
  /** Sessions whose events are kept at once, least recently written out first. Default 1,000. */
  maxSessions?: number;
}

interface Buffer {
  events: LoggedEvent[];
  wake: Set<() => void>;
  /**
   * Readers following this session, waiting or not: a reader between two events (its socket write still pending)
   * waits on nothing, yet the buffer must stay, or the run's next events would start a new one and the reader,
   * though on time, would be told its events are gone.
   */
  readers: number;
  touchedAt: number;
}

/** The events of this instance's recent runs, in memory: resume within one instance. */
export function memoryEventLog(options: MemoryEventLogOptions = {}): EventLog {
  const maxEvents = options.maxEvents ?? 10_000;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const maxSessions = options.maxSessions ?? 1_000;
  const buffers = new Map<string, Buffer>();
  // The buffers nobody reads, least recently written first: the only ones that may be pushed out, kept apart so that
  // making room does not walk past thousands of buffers being read.
  const unread = new Map<string, Buffer>();

  function drop(sessionId: string) {
    buffers.delete(sessionId);
    unread.delete(sessionId);
  }

  function live(sessionId: string, now = Date.now()): Buffer | undefined {
    const buffer = buffers.get(sessionId);
    if (buffer && now - buffer.touchedAt > ttlMs && buffer.readers === 0) {
      drop(sessionId);
      return undefined;
    }
    return buffer;
  }

  /**
   * The session's buffer, made if there is none. Both the log's first event and its first reader may make it (a
   * POST's reader comes first), and either way room is made for it: the least recently written sessions that nobody
   * reads go first.
   */
  function hold(sessionId: string, now: number): Buffer {
    const kept = live(sessionId, now);
    if (kept) return kept;
    for (const id of unread.keys()) {
      if (buffers.size < maxSessions) break;
      drop(id);
    }
    const buffer: Buffer = { events: [], wake: new Set(), readers: 0, touchedAt: now };
    buffers.set(sessionId, buffer);
    unread.set(sessionId, buffer);
    return buffer;
  }

  return {
    async append(sessionId, event) {
      const now = Date.now();
      const buffer = hold(sessionId, now);
      if (buffer.readers === 0) {
        unread.delete(sessionId);
        unread.set(sessionId, buffer);
      }
      buffer.touchedAt = now;
      buffer.events.push(event);
      if (buffer.events.length > maxEvents) buffer.events.splice(0, buffer.events.length - maxEvents);
      for (const wake of [...buffer.wake]) wake();
    },
    async lastId(sessionId) {
      return live(sessionId)?.events.at(-1)?.id;
    },
    async *follow(sessionId, after, signal) {
      // Held for as long as the reader is: a buffer with readers is never pushed out (nor expired), so it stays this one.
      const held = hold(sessionId, Date.now());
      if (held.readers++ === 0) unread.delete(sessionId);
      try {
        let cursor = after;
        while (!signal.aborted) {
          const events = held.events;
          const oldest = events[0]?.id;
          // Past the cap (or the time to keep) the reader has fallen behind: it reloads the history instead.
          if (oldest !== undefined && cursor < oldest - 1) throw new EventGapError(sessionId, cursor, oldest);
          const index = firstAfter(events, cursor);
          if (index < events.length) {
            const event = events[index]!;
            cursor = event.id;
            yield event;
            if (event.event.type === 'done') return;
            continue;
          }
          // Nothing new: wait for the next append, or the reader going away.
          await new Promise<void>((resolve) => {
            const wake = () => {
              held.wake.delete(wake);
              signal.removeEventListener('abort', wake);
              resolve();
            };
            held.wake.add(wake);
            signal.addEventListener('abort', wake, { once: true });
          });
        }
      } finally {
        // The last reader gone: the buffer may be pushed out again, after those that have waited longer.
        if (--held.readers === 0) unread.set(sessionId, held);
      }
    },
  };
}

/** The index of the first event with an id above `cursor`: ids increase, so a binary search. */
function firstAfter(events: readonly LoggedEvent[], cursor: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (events[middle]!.id <= cursor) low = middle + 1;
    else high = middle;
  }
  return low;
}
