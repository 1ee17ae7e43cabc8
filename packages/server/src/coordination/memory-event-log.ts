import { EventGapError, type EventLog, type LoggedEvent } from './event-log.js';

export interface MemoryEventLogOptions {
  /** Events kept per run; a reader further behind than this reloads the history. Default 10,000. */
  maxEvents?: number;
  /**
   * How long a run's events are kept once it has ended, for a reader that dropped before its `done` (a tab whose
   * connection broke, reconnecting). A run nobody dropped out of is let go as soon as its readers have its `done`:
   * everything it sent is in the stored history by then. Default 60,000 ms.
   */
  resumeWindowMs?: number;
  /** @deprecated The name `resumeWindowMs` had before runs were let go at their end. */
  ttlMs?: number;
  /**
   * Ended runs kept at once for readers that dropped, oldest out first past it. Running sessions are always kept
   * (each to `maxEvents`): their readers can still ask for any of their events. Default 1,000.
   */
  maxSessions?: number;
  /** The clock, in ms (tests). Default Date.now. */
  now?: () => number;
}

/** What the log holds now: sessions with a buffer, and the events in them. */
export interface MemoryEventLogStats {
  sessions: number;
  events: number;
}

/** The in-process log, with a look at what it holds (tests, benchmarks). */
export interface MemoryEventLog extends EventLog {
  stats(): MemoryEventLogStats;
}

interface Buffer {
  /** The current run's events (and a previous run's, while someone still reads it), ids increasing. */
  events: LoggedEvent[];
  /** Ids at or below this are not kept (an earlier run's, or past maxEvents): a reader behind it reloads the history. */
  floor: number;
  /** Readers waiting for the next event. */
  waiting: (() => void)[];
  /**
   * Readers following this session, waiting or not: a reader between two events (its socket write still pending)
   * waits on nothing, yet the buffer must stay, or it would be told its events are gone.
   */
  readers: number;
  /** When the run's `done` was appended; undefined while a run is going (or none has started). */
  endedAt: number | undefined;
  /** When a reader last went away before its `done`: it may come back, so the run is kept for the resume window. */
  droppedAt: number | undefined;
}

/** Sessions let go, remembered by their last id (a few bytes each), so that a late reader is told to reload. */
const RELEASED_PER_SESSION_KEPT = 10;

/**
 * The events of this instance's runs, in memory: resume within one instance. What it holds is bounded by what
 * readers can still ask for: a run's events while it runs (a reload follows it from its last stored step), and once
 * it has ended only for a reader that dropped, for `resumeWindowMs`. Everything an ended run sent is in the stored
 * history; a reader asking for events let go gets EventGapError (`events_gone`) and reloads the history.
 */
export function memoryEventLog(options: MemoryEventLogOptions = {}): MemoryEventLog {
  const maxEvents = options.maxEvents ?? 10_000;
  const resumeWindowMs = options.resumeWindowMs ?? options.ttlMs ?? 60_000;
  const maxSessions = options.maxSessions ?? 1_000;
  const now = options.now ?? Date.now;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new TypeError('memoryEventLog: maxEvents must be a whole number ≥ 1');
  if (!(resumeWindowMs >= 0)) throw new TypeError('memoryEventLog: resumeWindowMs must be ≥ 0');
  if (!Number.isInteger(maxSessions) || maxSessions < 1) throw new TypeError('memoryEventLog: maxSessions must be a whole number ≥ 1');
  // Trimmed past the cap in steps, not at every append: a splice moves the whole array.
  const trimAt = maxEvents + Math.max(1, maxEvents >> 3);
  const buffers = new Map<string, Buffer>();
  // Ended runs kept for a reader that dropped, in the order they ended: the first is the first to go. Appends never
  // reorder a Map (deleting and setting again on every event made V8 rebuild a 1,000-entry table every few dozen).
  const ending = new Map<string, Buffer>();
  const released = new Map<string, number>();
  let sweepTimer: ReturnType<typeof setTimeout> | undefined;

  const lastOf = (buffer: Buffer) => buffer.events.at(-1)?.id ?? buffer.floor;
  const expiry = (buffer: Buffer) => Math.max(buffer.endedAt ?? 0, buffer.droppedAt ?? 0) + resumeWindowMs;

  function buffer(key: string): Buffer {
    let kept = buffers.get(key);
    if (!kept) {
      kept = { events: [], floor: released.get(key) ?? 0, waiting: [], readers: 0, endedAt: undefined, droppedAt: undefined };
      released.delete(key);
      buffers.set(key, kept);
    }
    return kept;
  }

  /** Let the session's events go, remembering only where they ended. */
  function release(key: string, kept: Buffer) {
    buffers.delete(key);
    ending.delete(key);
    const last = lastOf(kept);
    if (last > 0) released.set(key, last);
    for (const oldest of released.keys()) {
      if (released.size <= maxSessions * RELEASED_PER_SESSION_KEPT) break;
      released.delete(oldest);
    }
  }

  /**
   * A reader left, or is waiting: once nobody reads the session, let it go now, at the end of its resume window, or
   * (running) not yet.
   */
  function settle(key: string, kept: Buffer) {
    if (kept.endedAt !== undefined && kept.droppedAt === undefined && kept.waiting.length === kept.readers && kept.events.length > 0) {
      // Everyone still here has read the ended run to its end (a tab waiting for the next run) and nobody dropped
      // out of it: none of it is needed.
      kept.floor = lastOf(kept);
      kept.events = [];
    }
    if (kept.readers > 0) return;
    if (kept.endedAt === undefined) {
      // A reader that came for a run that never started (a wait for the next one, given up) leaves nothing behind.
      if (kept.events.length === 0) release(key, kept);
      return;
    }
    if (kept.droppedAt === undefined || expiry(kept) <= now()) return release(key, kept);
    ending.delete(key);
    ending.set(key, kept);
    for (const [oldestKey, oldest] of ending) {
      if (ending.size <= maxSessions) break;
      release(oldestKey, oldest);
    }
    scheduleSweep();
  }

  function sweep() {
    // Called with every event: while runs go on, nothing has ended, and there is no clock to read.
    if (ending.size === 0) return;
    const time = now();
    for (const [key, kept] of ending) {
      if (expiry(kept) > time) break;
      release(key, kept);
    }
  }

  function scheduleSweep() {
    if (sweepTimer !== undefined) return;
    const first = ending.values().next();
    if (first.done) return;
    sweepTimer = setTimeout(() => {
      sweepTimer = undefined;
      sweep();
      scheduleSweep();
    }, Math.max(0, expiry(first.value) - now()));
    // A timer that keeps a process alive for a log's housekeeping would hold up its exit.
    (sweepTimer as { unref?: () => void }).unref?.();
  }

  /** A new run's first event: the last run's events go, unless a reader is still behind in them. */
  function startRun(kept: Buffer, firstId: number) {
    const last = lastOf(kept);
    const restarted = firstId <= last;
    if (kept.readers === 0 || restarted) {
      // Ids that start again lower belong to a session deleted and begun anew: its old events mean nothing now.
      kept.floor = restarted ? firstId - 1 : last;
      kept.events = [];
    }
    kept.endedAt = undefined;
    kept.droppedAt = undefined;
  }

  return {
    async append(key, event) {
      sweep();
      const kept = buffer(key);
      if (kept.endedAt !== undefined || event.id <= lastOf(kept)) {
        ending.delete(key);
        startRun(kept, event.id);
      }
      kept.events.push(event);
      if (kept.events.length > trimAt) {
        kept.events.splice(0, kept.events.length - maxEvents);
        kept.floor = kept.events[0]!.id - 1;
      }
      // Readers waiting are woken first: until they have read it, they are not caught up.
      if (kept.waiting.length > 0) {
        const waiting = kept.waiting;
        kept.waiting = [];
        for (const wake of waiting) wake();
      }
      if (event.event.type === 'done') {
        kept.endedAt = now();
        settle(key, kept);
      }
    },
    async lastId(key) {
      sweep();
      const kept = buffers.get(key);
      const last = kept ? lastOf(kept) : (released.get(key) ?? 0);
      return last > 0 ? last : undefined;
    },
    async *follow(key, after, signal) {
      sweep();
      // Held for as long as the reader is: a buffer with readers is never let go, so it stays this one.
      const kept = buffer(key);
      kept.readers++;
      // One wake and one abort listener for the whole follow, not one per wait: a reader waits between most events,
      // and what lives across a wait (the other runs' turns, with many streams) ends up in the old generation.
      let resume: (() => void) | undefined;
      const wake = () => {
        const then = resume;
        resume = undefined;
        then?.();
      };
      const gone = () => {
        const index = kept.waiting.indexOf(wake);
        if (index !== -1) kept.waiting.splice(index, 1);
        wake();
      };
      signal.addEventListener('abort', gone, { once: true });
      let finished = false;
      let cursor = after;
      try {
        while (!signal.aborted) {
          // Past the cap, or after its run was let go, the reader has fallen behind: it reloads the history.
          if (cursor < kept.floor) {
            finished = true;
            throw new EventGapError(key, cursor, kept.events[0]?.id);
          }
          const events = kept.events;
          const index = firstAfter(events, cursor);
          if (index < events.length) {
            const event = events[index]!;
            cursor = event.id;
            if (event.event.type === 'done') finished = true;
            yield event;
            if (finished) return;
            continue;
          }
          // Nothing new: wait for the next append, or the reader going away.
          const next = new Promise<void>((resolve) => (resume = resolve));
          kept.waiting.push(wake);
          settle(key, kept);
          await next;
        }
      } finally {
        signal.removeEventListener('abort', gone);
        kept.readers--;
        // Gone before its `done` with something still to read: it may come back from where it was, so the run is
        // kept for the resume window.
        if (!finished && (kept.endedAt === undefined ? kept.events.length > 0 : cursor < lastOf(kept))) kept.droppedAt = now();
        settle(key, kept);
      }
    },
    // A look, not a use: it lets nothing go, so a test can tell the timer did.
    stats() {
      let events = 0;
      for (const kept of buffers.values()) events += kept.events.length;
      return { sessions: buffers.size, events };
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
