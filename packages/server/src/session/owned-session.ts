import type { Runtime } from '../runtime.js';
import { freshSession, fromStore } from './commit-session.js';
import type { SessionRecord } from './session-record.js';

/**
 * The caller's session, or undefined when it does not exist or belongs to someone else: both get the same 404, so
 * a session id tells a stranger nothing, not even that it is in use.
 */
export async function loadOwnSession(runtime: Runtime, sessionId: string, principal: string): Promise<SessionRecord | undefined> {
  const record = await runtime.store.load(sessionId);
  return record && record.owner === principal ? fromStore(record) : undefined;
}

/**
 * For a request that may start a session (a first message, an import): the caller's session, a new one owned by
 * the caller, or undefined when the id is someone else's. A record without an owner (kept from before sessions
 * had owners) is nobody's, so nobody can take it over.
 */
export async function loadOrCreateOwnSession(runtime: Runtime, sessionId: string, principal: string): Promise<SessionRecord | undefined> {
  const record = await runtime.store.load(sessionId);
  if (!record) return freshSession(sessionId, principal);
  return record.owner === principal ? fromStore(record) : undefined;
}

export function noSuchSession(sessionId: string): string {
  return `No session "${sessionId}" here: it may have been cleared, or it was started by someone else.`;
}
