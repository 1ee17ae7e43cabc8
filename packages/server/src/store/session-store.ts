import type { SessionRecord } from '../session/session-record.js';

/**
 * Where sessions live. The loop saves after each step, so a store sees a record many times per run;
 * `save` must replace the whole record atomically: a crash leaves the old record or the new one, never half.
 */
export interface SessionStore {
  load(sessionId: string): Promise<SessionRecord | undefined>;
  save(record: SessionRecord): Promise<void>;
  delete(sessionId: string): Promise<void>;
}
