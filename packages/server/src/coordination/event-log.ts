import type { StreamEvent } from '@agent-chat/protocol';

/** One event as sent: its id (increasing within the session, across runs) and the event. */
export interface LoggedEvent {
  id: number;
  event: StreamEvent;
}

/**
 * The events a client asked for are no longer kept: it should reload the history instead. Its message is sent to
 * the client (an `events_gone` error), so it names no session: logs are keyed by SessionRef.key, which is not for
 * clients' eyes, and the client knows which session it follows.
 */
export class EventGapError extends Error {
  readonly oldest: number | undefined;
  constructor(_key: string, after: number, oldest: number | undefined) {
    super(
      oldest === undefined
        ? `The events after ${after} are no longer kept: reload the history.`
        : `The events after ${after} are no longer kept (the oldest kept is ${oldest}): reload the history.`,
    );
    this.name = 'EventGapError';
    this.oldest = oldest;
  }
}

/**
 * Every event of a session's recent runs, kept for a while so a client that lost its connection can pick up where it
 * was (GET /sessions/:id/stream with Last-Event-ID), on any instance. In memory for one instance
 * (`memoryEventLog`); a Redis Stream for many (`@agent-chat/server/redis`). A session is named by its key
 * (SessionRef.key: its owner and id together), so two owners' sessions of one id have two logs.
 */
export interface EventLog {
  /** Keep an event. Appends of one session come in id order. */
  append(key: string, event: LoggedEvent): Promise<void>;
  /**
   * The session's events with an id above `after`, then the live ones as they are appended, ending after a `done`
   * event or when `signal` aborts. Throws EventGapError when events after `after` are no longer kept.
   */
  follow(key: string, after: number, signal: AbortSignal): AsyncIterable<LoggedEvent>;
  /**
   * The highest id the log has had for the session, kept or already let go (the next run's ids go on after it);
   * undefined when it knows of none.
   */
  lastId(key: string): Promise<number | undefined>;
  close?(): Promise<void>;
}
