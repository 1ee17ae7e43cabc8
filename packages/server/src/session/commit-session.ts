import type { Turn } from '@agent-chat/protocol';
import { StaleSessionError, type SessionStore, type StoredSession } from '../store/session-store.js';
import { newSessionRecord, SESSION_FIELDS, type SessionFields, type SessionRecord } from './session-record.js';
import type { SessionRef } from './session-ref.js';

/**
 * What the store holds of a session this request loaded: where (its owner and id), its version, how many turns, and
 * the fields as written.
 */
interface Written {
  ref: SessionRef;
  version: number;
  turns: number;
  fields: Partial<Record<keyof SessionFields, unknown>>;
  /** Written turns revised since (reviseTurn), to be written again. */
  revised?: Set<string>;
}

const written = new WeakMap<SessionRecord, Written>();

function fieldsOf(record: SessionRecord): Written['fields'] {
  const fields: Written['fields'] = {};
  for (const field of SESSION_FIELDS) fields[field] = record[field];
  return fields;
}

/** A loaded session, ready to be changed and committed: the loop works on it as on a plain record. */
export function fromStore(stored: StoredSession, ref: SessionRef): SessionRecord {
  const { version, ...record } = stored;
  record.historyChars ??= jsonChars(record.turns);
  written.set(record, { ref, version, turns: record.turns.length, fields: fieldsOf(record) });
  return record;
}

/** A session that does not exist yet: its first commit creates it. */
export function freshSession(ref: SessionRef): SessionRecord {
  const record = { ...newSessionRecord(ref.id), owner: ref.owner };
  written.set(record, { ref, version: 0, turns: 0, fields: {} });
  return record;
}

/**
 * A turn changed after it was written (the input of a call the user edited before it ran): a new object in its place,
 * written again by the next commit. Written turns are frozen by the stores; this is the one way to change one.
 */
export function reviseTurn<T extends Turn>(session: SessionRecord, turn: T, changes: Partial<T>): T {
  const revised = { ...turn, ...changes };
  const index = session.turns.lastIndexOf(turn);
  if (index !== -1) session.turns[index] = revised;
  const state = written.get(session);
  if (state && index !== -1 && index < state.turns) (state.revised ??= new Set()).add(turn.id);
  return revised;
}

/**
 * Write what changed since the last commit: the new turns and the fields whose value is no longer the one written
 * (fields are replaced, never changed in place, so comparing references is enough). Turns already written are never
 * changed after: the loop commits a step's turns only once the step is over.
 */
export async function commitSession(store: SessionStore, session: SessionRecord, options: { replaceTurns?: boolean } = {}): Promise<void> {
  const before = written.get(session);
  // Every session the server changes was loaded or started by owned-session.ts, which says whose it is.
  if (!before) throw new Error(`commitSession: session "${session.id}" was not loaded through owned-session.ts`);
  const added = options.replaceTurns ? session.turns : session.turns.slice(before.turns);
  if (options.replaceTurns) session.historyChars = jsonChars(session.turns);
  else if (added.length > 0) session.historyChars = (session.historyChars ?? 0) + jsonChars(added);
  const set: Partial<SessionFields> = {};
  let changed = false;
  for (const field of SESSION_FIELDS) {
    if (session[field] !== before.fields[field]) {
      (set as Record<string, unknown>)[field] = session[field];
      changed = true;
    }
  }
  const revised = !options.replaceTurns && before.revised ? session.turns.slice(0, before.turns).filter((turn) => before.revised!.has(turn.id)) : [];
  if (!changed && added.length === 0 && revised.length === 0 && !options.replaceTurns) return;
  // What this write sends, as it is now: a sub-agent running beside the write may change the session before it
  // returns, and what it changes then is for the next commit to send.
  const sent = { turns: session.turns.length, fields: fieldsOf(session) };
  const sentIds = new Set([...added, ...revised].map((turn) => turn.id));
  let version: number;
  try {
    version = await store.write(before.ref, before.version, {
      ...(options.replaceTurns ? { replace: session.turns } : added.length > 0 ? { append: added } : {}),
      ...(revised.length > 0 ? { update: revised } : {}),
      ...(changed ? { set } : {}),
    });
  } catch (error) {
    // Gone while this request held its run slot: nobody else can have deleted it, since a delete waits for the slot,
    // so a store that pushes sessions out did. One with `hold` never pushes out a session a request or a run holds
    // (with-session.ts, background-run.ts): for it, a session gone is a fault to report, never a reason to write a
    // running session again whole. Only a store without `hold` (one of an integrator's) gets the whole rewrite,
    // rather than losing the run.
    if (store.hold || !(error instanceof StaleSessionError) || error.actual !== 0 || before.version === 0) throw error;
    const whole = session.turns.slice(0, sent.turns);
    version = await store.write(before.ref, 0, { replace: whole, set: sent.fields as Partial<SessionFields> });
    for (const turn of whole) sentIds.add(turn.id);
  }
  const revisedSince = [...(before.revised ?? [])].filter((id) => !sentIds.has(id));
  written.set(session, { ref: before.ref, version, ...sent, ...(revisedSince.length > 0 ? { revised: new Set(revisedSince) } : {}) });
}

/** The turns' size as JSON, turn by turn: kept as a running sum, so the session cap never re-reads the history. */
export function jsonChars(turns: readonly unknown[]): number {
  let chars = 0;
  for (const turn of turns) chars += JSON.stringify(turn).length;
  return chars;
}
