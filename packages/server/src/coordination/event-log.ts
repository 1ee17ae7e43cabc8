import type { StreamEvent } from '@agent-chat/protocol';

/** One event as sent: its id (increasing within the session, across runs) and the event. */
export interface LoggedEvent {
  id: number;
  event: StreamEvent;
}

/** The events a client asked for are no longer kept: it should reload the history instead. */
export class EventGapError extends Error {
  readonly oldest: number | undefined;
  constructor(sessionId: string, after: number, oldest: number | undefined) {
    super(
      oldest === undefined
        ? `The events of session "${sessionId}" after ${after} are no longer kept: reload the history.`
        : `The events of session "${sessionId}" after ${after} are no longer kept (the oldest kept is ${oldest}): reload the history.`,
    );
    this.name = 'EventGapError';
    this.oldest = oldest;
  }
}

/**
 * Every event of a session's recent runs, kept for a while so a client that lost its connection can pick up where it
 * was (GET /sessions/:id/stream with Last-Event-ID), on any instance. In memory for one instance
 * (`memoryEventLog`); a Redis Stream for many (`@agent-chat/server/redis`).
 */
export interface EventLog {
  /** Keep an event. Appends of one session come in id order. */
  append(sessionId: string, event: LoggedEvent): Promise<void>;
  /**
   * The session's events with an id above `after`, then the live ones as they are appended, ending after a `done`
   * event or when `signal` aborts. Throws EventGapError when events after `after` are no longer kept.
   */
  follow(sessionId: string, after: number, signal: AbortSignal): AsyncIterable<LoggedEvent>;
  /** The highest id kept for the session; undefined when nothing is kept. */
  lastId(sessionId: string): Promise<number | undefined>;
  close?(): Promise<void>;
}
