import type { SessionRecord } from '../session/session-record.js';
import type { SessionStore } from './session-store.js';

export interface MemoryStoreOptions {
  /** The most sessions kept; past it the least recently used is dropped. Default 1,000. */
  maxSessions?: number;
  /** A session not read or written for this long is dropped. Default: kept until pushed out by maxSessions. */
  ttlMs?: number;
}

/**
 * Sessions in this process's memory: the default, lost on restart, and bounded (least recently used out first,
 * plus an optional time to live), so a public server's memory cannot be filled with sessions. Copies on the way in
 * and out, as a real store would.
 */
export function memoryStore(options: MemoryStoreOptions = {}): SessionStore & { readonly size: number } {
  const maxSessions = options.maxSessions ?? 1000;
  const { ttlMs } = options;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) throw new TypeError('memoryStore: maxSessions must be a whole number ≥ 1');
  if (ttlMs !== undefined && !(ttlMs > 0)) throw new TypeError('memoryStore: ttlMs must be > 0');
  // A Map iterates in insertion order: deleting and setting again on each use keeps the least recent first.
  const records = new Map<string, { record: SessionRecord; touchedAt: number }>();

  function expired(entry: { touchedAt: number }, now: number): boolean {
    return ttlMs !== undefined && now - entry.touchedAt > ttlMs;
  }

  return {
    get size() {
      return records.size;
    },
    async load(sessionId) {
      const entry = records.get(sessionId);
      if (!entry) return undefined;
      const now = Date.now();
      records.delete(sessionId);
      if (expired(entry, now)) return undefined;
      entry.touchedAt = now;
      records.set(sessionId, entry);
      return structuredClone(entry.record);
    },
    async save(record) {
      const now = Date.now();
      records.delete(record.id);
      records.set(record.id, { record: structuredClone(record), touchedAt: now });
      for (const [id, entry] of records) {
        if (records.size <= maxSessions && !expired(entry, now)) break;
        records.delete(id);
      }
    },
    async delete(sessionId) {
      records.delete(sessionId);
    },
  };
}
