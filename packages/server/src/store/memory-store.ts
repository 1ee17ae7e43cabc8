import { applyWrite } from './apply-write.js';
import { listPage } from './list-page.js';
import { StaleSessionError, type SessionListing, type SessionStore, type StoredSession } from './session-store.js';
import type { SessionRecord } from '../session/session-record.js';

export interface MemoryStoreOptions {
  /** The most sessions kept; past it the least recently used is dropped. Default 1,000. */
  maxSessions?: number;
  /** A session not read or written for this long is dropped. Default: kept until pushed out by maxSessions. */
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
  // each use keeps the least recent first.
  const entries = new Map<string, Entry>();

  const expired = (entry: Entry, now: number) => ttlMs !== undefined && now - entry.touchedAt > ttlMs;

  /** The live entry of a session (moved to the most recent end), or undefined. */
  function touch(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (expired(entry, now)) return undefined;
    entry.touchedAt = now;
    entries.set(key, entry);
    return entry;
  }

  return {
    get size() {
      return entries.size;
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
      entries.set(session.key, { record, version: actual + 1, touchedAt: now });
      for (const [key, old] of entries) {
        if (entries.size <= maxSessions && !expired(old, now)) break;
        entries.delete(key);
      }
      return actual + 1;
    },
    async delete(session) {
      entries.delete(session.key);
    },
    // Every session is at hand, at most maxSessions of them: a scan is cheaper than an index kept on every write.
    // Listing is not a use: it moves nothing up the least recently used order.
    async listByOwner(owner, { limit, after }) {
      const now = Date.now();
      const listings: SessionListing[] = [];
      for (const entry of entries.values()) {
        const { record } = entry;
        if (record.owner === owner && !expired(entry, now)) listings.push({ id: record.id, title: record.title, updatedAt: record.updatedAt });
      }
      return listPage(listings, limit, after);
    },
  };
}
