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
  touchedAt: number;
}

/** The events of this instance's recent runs, in memory: resume within one instance. */
export function memoryEventLog(options: MemoryEventLogOptions = {}): EventLog {
  const maxEvents = options.maxEvents ?? 10_000;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const maxSessions = options.maxSessions ?? 1_000;
  const buffers = new Map<string, Buffer>();

  function live(sessionId: string, now = Date.now()): Buffer | undefined {
    const buffer = buffers.get(sessionId);
    if (buffer && now - buffer.touchedAt > ttlMs && buffer.wake.size === 0) {
      buffers.delete(sessionId);
      return undefined;
    }
    return buffer;
  }

  return {
    async append(sessionId, event) {
      const now = Date.now();
      let buffer = live(sessionId, now);
      if (!buffer) {
        buffer = { events: [], wake: new Set(), touchedAt: now };
        for (const [id, old] of buffers) {
          if (buffers.size < maxSessions) break;
          if (old.wake.size === 0) buffers.delete(id);
        }
      }
      buffers.delete(sessionId);
      buffers.set(sessionId, buffer);
      buffer.touchedAt = now;
      buffer.events.push(event);
      if (buffer.events.length > maxEvents) buffer.events.splice(0, buffer.events.length - maxEvents);
      for (const wake of [...buffer.wake]) wake();
    },
    async lastId(sessionId) {
      return live(sessionId)?.events.at(-1)?.id;
    },
    async *follow(sessionId, after, signal) {
      let cursor = after;
      while (!signal.aborted) {
        let buffer = live(sessionId);
        const events = buffer?.events ?? [];
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
        if (!buffer) {
          buffer = { events: [], wake: new Set(), touchedAt: Date.now() };
          buffers.set(sessionId, buffer);
        }
        const waiting = buffer;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.wake.delete(wake);
            signal.removeEventListener('abort', wake);
            resolve();
          };
          waiting.wake.add(wake);
          signal.addEventListener('abort', wake, { once: true });
        });
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
