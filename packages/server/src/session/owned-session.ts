import type { SessionStore } from '../store/session-store.js';
import { freshSession, fromStore } from './commit-session.js';
import type { SessionRecord } from './session-record.js';
import type { SessionRef } from './session-ref.js';

/**
 * The caller's session, or undefined when they have none of this id. The store finds it by owner and id, so another
 * owner's session of the same id is simply not there; the record is checked again here, so that a store keyed by id
 * alone (written before owners scoped ids) can never hand one owner's session to another.
 */
export async function loadOwnSession(store: SessionStore, session: SessionRef): Promise<SessionRecord | undefined> {
  const record = await store.load(session);
  return record && isTheirs(record, session) ? fromStore(record, session) : undefined;
}

/**
 * For a request that may start a session (a first message, an import): the caller's session, or a new one of
 * theirs. Undefined only from a store that hands out a record of someone else (see loadOwnSession).
 */
export async function loadOrCreateOwnSession(store: SessionStore, session: SessionRef): Promise<SessionRecord | undefined> {
  const record = await store.load(session);
  if (!record) return freshSession(session);
  return isTheirs(record, session) ? fromStore(record, session) : undefined;
}

function isTheirs(record: SessionRecord, session: SessionRef): boolean {
  return record.owner === session.owner && record.id === session.id;
}

/** A 404's words: the same for an id never used and for one only someone else used, since for the caller they are the same. */
export function noSuchSession(sessionId: string): string {
  return `No session "${sessionId}" here: it was never started, or it has been cleared.`;
}
