import { newSessionRecord, SESSION_FIELDS, type SessionRecord } from '../session/session-record.js';
import type { SessionWrite } from './session-store.js';

/**
 * A write applied to a record, in place (a new record when there is none): the one definition of what a write
 * means, shared by every store and by a replay of a file store's log. Costs what the write holds, not the history.
 */
export function applyWrite(record: SessionRecord | undefined, sessionId: string, write: SessionWrite): SessionRecord {
  const target = record ?? newSessionRecord(sessionId);
  if (write.replace) target.turns = [...write.replace];
  if (write.append) for (const turn of write.append) target.turns.push(turn);
  // Updates name recent turns (a call answered in the same turn), so the search runs from the end.
  for (const turn of write.update ?? []) {
    const index = target.turns.findLastIndex((candidate) => candidate.id === turn.id);
    if (index !== -1) target.turns[index] = turn;
  }
  const fields = target as unknown as Record<string, unknown>;
  for (const field of SESSION_FIELDS) {
    if (!write.set || !(field in write.set)) continue;
    const value = (write.set as Record<string, unknown>)[field];
    if (value === undefined || value === null) delete fields[field];
    else fields[field] = value;
  }
  return target;
}

/** A write as JSON text: a field removed (`undefined`, which JSON drops) is written as `null`, which means the same. */
export function writeToJson(write: SessionWrite): string {
  if (!write.set) return JSON.stringify(write);
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(write.set)) set[field] = value === undefined ? null : value;
  return JSON.stringify({ ...write, set });
}
