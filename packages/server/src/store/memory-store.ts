import { applyWrite } from './apply-write.js';
import { listPage } from './list-page.js';
import { StaleSessionError, type SessionListing, type SessionStore, type StoredSession } from './session-store.js';
import type { SessionRecord } from '../session/session-record.js';

export interface MemoryStoreOptions {
  /**
   * The most sessions kept; past it the least recently used is dropped. A session with a run in flight is never
   * dropped (see `hold`), so while more runs than this are in flight, the store holds that many. Default 1,000.
   */
  maxSessions?: number;
  /** A session not read or written for this long is dropped (not while a run holds it). Default: kept until pushed out by maxSessions. */
  ttlMs?: number;
}

interface Entry {
  record: SessionRecord;
  version: number;
  touchedAt: number;
}

/**
 * Sessions in this process's memory: the default, lost on restart, and bounded (least recently used out first,
 * plus an optional time to live), so a public server's memory cannot be filled with sessions.
 *
 * A write copies only what it adds; stored turns are frozen, and a load hands out a new array of the same turns and
 * copies of the other fields, so a load costs nothing per turn's content and nobody can change what is stored.
 */
export function memoryStore(options: MemoryStoreOptions = {}): SessionStore & { readonly size: number } {
  const maxSessions = options.maxSessions ?? 1000;
  const { ttlMs } = options;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) throw new TypeError('memoryStore: maxSessions must be a whole number ≥ 1');
  if (ttlMs !== undefined && !(ttlMs > 0)) throw new TypeError('memoryStore: ttlMs must be > 0');
  // By each session's key (owner and id together). A Map iterates in insertion order: deleting and setting again on
  // each use keeps the least recent first. Only these may be pushed out.
  const entries = new Map<string, Entry>();
  // Sessions a run holds, apart, so that they are never pushed out, making room never walks past them, and a run's
  // writes do not reorder a Map at every step. How many holds each has (a run, and one starting as it ends).
  const held = new Map<string, Entry>();
  const holds = new Map<string, number>();

  const expired = (entry: Entry, now: number) => ttlMs !== undefined && now - entry.touchedAt > ttlMs;

  /** The live entry of a session (moved to the most recent end unless held), or undefined. */
  function touch(key: string, now: number): Entry | undefined {
    if (holds.has(key)) {
      const entry = held.get(key);
      if (entry) entry.touchedAt = now;
      return entry;
    }
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (expired(entry, now)) return undefined;
    entry.touchedAt = now;
    entries.set(key, entry);
    return entry;
  }

  function makeRoom(now: number) {
    for (const [key, old] of entries) {
      if (entries.size + held.size <= maxSessions && !expired(old, now)) break;
      entries.delete(key);
    }
  }

  return {
    get size() {
      return entries.size + held.size;
    },
    async load(session) {
      const entry = touch(session.key, Date.now());
      if (!entry) return undefined;
      const { turns, ...fields } = entry.record;
      return { ...structuredClone(fields), turns: [...turns], version: entry.version } satisfies StoredSession;
    },
    async write(session, version, write) {
      const now = Date.now();
      const entry = touch(session.key, now);
      const actual = entry?.version ?? 0;
      if (actual !== version) throw new StaleSessionError(session.id, version, actual);
      const copy = structuredClone(write);
      for (const turn of [...(copy.append ?? []), ...(copy.replace ?? [])]) Object.freeze(turn);
      const record = applyWrite(entry?.record, session.id, copy);
      // The record is its key's owner's from its first write, whatever the write set.
      if (!entry) record.owner = session.owner;
      if (entry) entry.version = actual + 1;
      else (holds.has(session.key) ? held : entries).set(session.key, { record, version: actual + 1, touchedAt: now });
      makeRoom(now);
      return actual + 1;
    },
    async delete(session) {
      entries.delete(session.key);
      held.delete(session.key);
    },
    hold(session) {
      const { key } = session;
      const count = holds.get(key) ?? 0;
      holds.set(key, count + 1);
      const entry = entries.get(key);
      if (count === 0 && entry) {
        entries.delete(key);
        if (!expired(entry, Date.now())) held.set(key, entry);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = holds.get(key)! - 1;
        if (left > 0) return void holds.set(key, left);
        holds.delete(key);
        const entry = held.get(key);
        held.delete(key);
        // Back among the others as the most recently used, and room is made as for a new one.
        if (entry) entries.set(key, Object.assign(entry, { touchedAt: Date.now() }));
        makeRoom(Date.now());
      };
    },
    // Every session is at hand, at most maxSessions of them (and those runs hold): a scan is cheaper than an index
    // kept on every write. Listing is not a use: it moves nothing up the least recently used order.
    async listByOwner(owner, { limit, after }) {
      const now = Date.now();
      const listings: SessionListing[] = [];
      const list = (entry: Entry, live: boolean) => {
        if (live && entry.record.owner === owner) listings.push({ id: entry.record.id, title: entry.record.title, updatedAt: entry.record.updatedAt });
      };
      for (const entry of entries.values()) list(entry, !expired(entry, now));
      for (const entry of held.values()) list(entry, true);
      return listPage(listings, limit, after);
    },
  };
}
