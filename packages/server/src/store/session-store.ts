import type { Turn } from '@agent-chat/protocol';
import type { SessionFields, SessionRecord } from '../session/session-record.js';
import type { SessionRef } from '../session/session-ref.js';

/** A session as a store holds it: the record, and how many writes it has had. */
export interface StoredSession extends SessionRecord {
  /** Starts at 1 with the write that created the session; every write adds one. */
  version: number;
}

/**
 * One write to a session: what changed since the last one, never the whole record, so its cost does not grow with
 * the history. `set` holds the fields that changed; a field set to `undefined` (or `null` once serialized) is removed.
 */
export interface SessionWrite {
  /** Turns added since the last write, in order. */
  append?: readonly Turn[];
  /** The whole history replaced (an import). */
  replace?: readonly Turn[];
  /** Turns already written, replaced by these (same ids): a call whose input the user edited before it ran. */
  update?: readonly Turn[];
  set?: Partial<SessionFields>;
}

/** One session in an owner's list: what a thread list shows of it. */
export interface SessionListing {
  id: string;
  /** Absent until the session's first exchange named it. */
  title?: string;
  updatedAt: number;
}

/** A place in an owner's list, newest first: the listing a page ended with. The next page starts after it. */
export interface SessionListPosition {
  updatedAt: number;
  id: string;
}

export interface SessionListPage {
  /** Newest first (`updatedAt` descending; the same time, by id descending), at most `limit`. */
  sessions: SessionListing[];
  /** Where the next page starts; absent when this page holds the last session. */
  next?: SessionListPosition;
}

/**
 * Where sessions live. A session is found by its owner and its id together (`SessionRef`): the same id from two
 * owners is two sessions, and a store must never hand one owner's session to the other. Key by `session.key` (owner
 * and id as one name) or by the pair (owner, id); the record keeps both (`owner`, `id`).
 *
 * The loop writes after each step; a write names the version it was made against, and fails with
 * StaleSessionError when the stored session has moved on (another instance wrote, or it was deleted), so no turn is
 * ever silently lost. A write must be atomic: a crash leaves it applied whole or not at all (a store may lose the
 * write in flight, never an earlier one).
 */
export interface SessionStore {
  /** The owner's session with this id; undefined when there is none (another owner's of the same id is none). */
  load(session: SessionRef): Promise<StoredSession | undefined>;
  /** Apply `write` to the session at `version` (0: it does not exist yet); resolves to the new version. */
  write(session: SessionRef, version: number, write: SessionWrite): Promise<number>;
  delete(session: SessionRef): Promise<void>;
  /**
   * A request that may write this session (from before it loads it), or a run, holds it until the returned function
   * is called; holds overlap. A store that pushes sessions out (a cap on their number, a time to live) keeps a held
   * one: the run writes it at every step. With `hold`, a held session found gone fails the write; a store without it
   * has a session it pushed out written again whole. Optional: a store that never pushes a session out needs none.
   */
  hold?(session: SessionRef): () => void;
  /**
   * The sessions `owner` started, newest first, `limit` at a time, from after `after` (a page's `next`), each by the
   * id its owner gave it. Optional: without it the server has no conversation list (GET /sessions answers 404); the
   * stores of this package have it.
   */
  listByOwner?(owner: string, page: { limit: number; after?: SessionListPosition }): Promise<SessionListPage>;
}

/** A write against a version that is no longer the stored one. */
export class StaleSessionError extends Error {
  readonly sessionId: string;
  readonly expected: number;
  readonly actual: number;
  constructor(sessionId: string, expected: number, actual: number) {
    super(`Session "${sessionId}" changed elsewhere (version ${actual}, this write was made against ${expected}): nothing was written.`);
    this.name = 'StaleSessionError';
    this.sessionId = sessionId;
    this.expected = expected;
    this.actual = actual;
  }
}
