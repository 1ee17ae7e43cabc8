import type { StreamEvent } from '@agent-chat/protocol';
import type { SSEStreamingApi } from 'hono/streaming';
import type { SessionRecord } from '../session/session-record.js';

export interface EventSink {
  /** Queue an event; `id` is given only for an id reserved earlier (see `reserveId`). */
  emit(event: StreamEvent, id?: number): void;
  /** Take the next id now, so it is saved with the session before its event is written. */
  reserveId(): number;
  /** Resolves when every event emitted so far has been written (or the client has gone). */
  flush(): Promise<void>;
}

/**
 * Write a run's events as SSE: `id` increasing within the session, `event` the type, `data` the JSON.
 * Writes are chained, not awaited by the loop, so a slow or vanished client never stalls or breaks a run.
 */
export function sseSink(stream: SSEStreamingApi, session: SessionRecord): EventSink {
  let chain = Promise.resolve();
  return {
    reserveId: () => ++session.lastEventId,
    emit(event, reserved) {
      const id = reserved ?? ++session.lastEventId;
      const message = { id: String(id), event: event.type, data: JSON.stringify(event) };
      chain = chain.then(() => (stream.aborted || stream.closed ? undefined : stream.writeSSE(message))).catch(() => {});
    },
    flush: () => chain,
  };
}
