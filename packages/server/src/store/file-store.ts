import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionRecord } from '../session/session-record.js';
import { applyWrite, writeToJson } from './apply-write.js';
import { listPage } from './list-page.js';
import { sessionRef, type SessionRef } from '../session/session-ref.js';
import { StaleSessionError, type SessionListing, type SessionStore, type SessionWrite, type StoredSession } from './session-store.js';

export interface FileStoreOptions {
  /** The folder that holds one log file per session; created if missing. */
  dir: string;
  /** How many sessions are kept parsed in memory (least recently used out first). Default 200. */
  cacheSessions?: number;
}

/** One line of a session's log: the whole record (the first line, after a compaction), or one write. */
type LogLine = { v: number; snapshot: SessionRecord } | { v: number; write: SessionWrite };

/** What an owner's list needs of a session, kept for every session once the folder has been listed. */
interface Listed extends SessionListing {
  owner: string;
}

/** How many logs are read at once while the folder's index is built (each read opens a file). */
const INDEX_READS = 16;

/** A log grows to this many writes past its snapshot, and to twice the snapshot's size, before it is compacted. */
const COMPACT_AFTER_WRITES = 256;

/** What SessionRef.key looks like: checked before it names a file, so no key can name a path outside the folder. */
const KEY = /^~[A-Za-z0-9_-]{43}$/;

interface Cached {
  /** The log's name in the folder, without `.jsonl`: the session's key, or its bare id for a log kept from before. */
  name: string;
  record: SessionRecord;
  version: number;
  /** Writes in the log since its snapshot line, and the bytes of each part, to decide when to compact. */
  writes: number;
  snapshotBytes: number;
  logBytes: number;
}

/**
 * One append-only log per session (`<key>.jsonl`, the session's key: its owner and id hashed together): each write
 * is one JSON line, appended and flushed to disk, so a write costs what it adds, not the history. A crash mid-line
 * leaves a torn last line, which a load ignores: at most the write in flight is lost. When a log has grown past its
 * snapshot it is compacted atomically (a new log of one snapshot line is written to a temporary file, flushed, and
 * renamed over the old one).
 *
 * A folder written before sessions were keyed by owner holds `<id>.jsonl` logs (the bare id, URI-encoded): such a
 * log still loads for the owner its record names, and only for them, and stays where it is as it is written.
 *
 * One folder belongs to one process: versions are checked against what this process wrote. For several instances use
 * `redisStore` (`@agent-chat/server/redis`).
 */
export function fileStore(options: FileStoreOptions): SessionStore {
  const { dir } = options;
  const cacheSessions = options.cacheSessions ?? 200;
  const ready = mkdir(dir, { recursive: true }).then(() => removeLeftovers(dir));
  // By session key. Writes to one session are chained, so two never interleave in its log, and a load waits for the
  // writes before it.
  const queues = new Map<string, Promise<unknown>>();
  const cache = new Map<string, Cached>();
  let counter = 0;
  /**
   * Every session's owner, title and time by key, built by the first list (reading each log once) and kept current
   * by every write and delete after that; a store that is never listed never builds it.
   */
  let listed: Map<string, Listed> | undefined;
  let indexing: Promise<Map<string, Listed>> | undefined;

  const logOf = (name: string) => join(dir, `${name}.jsonl`);
  const keyOf = (session: SessionRef) => {
    if (!KEY.test(session.key)) throw new TypeError(`fileStore: "${session.key.slice(0, 60)}" is not a session key (sessionRef() makes them)`);
    return session.key;
  };

  function remember(key: string, entry: Cached): void {
    cache.delete(key);
    cache.set(key, entry);
    for (const cached of cache.keys()) {
      if (cache.size <= cacheSessions) break;
      cache.delete(cached);
    }
  }

  /** The session as stored, from the cache or read from its log once: its key's log, else its owner's log from before keys. */
  async function current(session: SessionRef): Promise<Cached | undefined> {
    const key = keyOf(session);
    const cached = cache.get(key);
    if (cached) {
      remember(key, cached);
      return cached;
    }
    const read = (await readLog(logOf(key), key)) ?? (await readLegacy(session));
    if (read) remember(key, read);
    return read;
  }

  /** A log kept under the bare id, when its record is this owner's: anyone else's request reads as no session. */
  async function readLegacy(session: SessionRef): Promise<Cached | undefined> {
    const name = encodeURIComponent(session.id);
    const read = await readLog(logOf(name), name);
    return read && read.record.owner === session.owner && read.record.id === session.id ? read : undefined;
  }

  function note(index: Map<string, Listed>, key: string, record: SessionRecord): void {
    if (record.owner === undefined) index.delete(key);
    else index.set(key, { id: record.id, owner: record.owner, title: record.title, updatedAt: record.updatedAt });
  }

  /** The key a log in the folder is kept for: its name, or for a log from before keys, its owner's and id's. */
  async function keyOfLog(name: string): Promise<string | undefined> {
    if (KEY.test(name)) return name;
    const read = await readLog(logOf(name), name);
    return read?.record.owner === undefined ? undefined : (await sessionRef(read.record.owner, read.record.id)).key;
  }

  function buildIndex(): Promise<Map<string, Listed>> {
    indexing ??= (async () => {
      await ready;
      // In place before the folder is read: a write from now on notes itself, and each log is read in its session's
      // queue, so a read and the writes around it are noted in the order they happened.
      const index = new Map<string, Listed>();
      listed = index;
      const names = (await readdir(dir)).filter((name) => name.endsWith('.jsonl')).map((name) => name.slice(0, -'.jsonl'.length));
      for (let i = 0; i < names.length; i += INDEX_READS) {
        await Promise.all(
          names.slice(i, i + INDEX_READS).map(async (name) => {
            const key = await keyOfLog(name);
            if (key === undefined) return;
            await serially(key, async () => {
              // Read, not cached: listing must not push the sessions in use out of the cache.
              const entry = cache.get(key) ?? (await readLog(logOf(name), name));
              if (entry) note(index, key, entry.record);
            });
          }),
        );
      }
      return index;
    })().catch((error: unknown) => {
      listed = undefined;
      indexing = undefined;
      throw error;
    });
    return indexing;
  }

  function serially<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(task);
    queues.set(key, next);
    void next
      .finally(() => {
        if (queues.get(key) === next) queues.delete(key);
      })
      .catch(() => {});
    return next;
  }

  async function compact(entry: Cached): Promise<void> {
    const line = `${JSON.stringify({ v: entry.version, snapshot: entry.record } satisfies LogLine)}\n`;
    const temp = `${logOf(entry.name)}.${process.pid}.${++counter}.tmp`;
    await writeSynced(temp, line, 'w');
    await rename(temp, logOf(entry.name));
    entry.writes = 0;
    entry.snapshotBytes = line.length;
    entry.logBytes = line.length;
  }

  return {
    async load(session) {
      await ready;
      await queues.get(keyOf(session))?.catch(() => {});
      const entry = await current(session);
      if (!entry) return undefined;
      const { turns, ...fields } = entry.record;
      return { ...structuredClone(fields), turns: [...turns], version: entry.version } satisfies StoredSession;
    },
    write(session, version, write) {
      const key = keyOf(session);
      return serially(key, async () => {
        await ready;
        const entry = await current(session);
        const actual = entry?.version ?? 0;
        if (actual !== version) throw new StaleSessionError(session.id, version, actual);
        const copy = JSON.parse(writeToJson(write)) as SessionWrite;
        for (const turn of [...(copy.append ?? []), ...(copy.replace ?? [])]) Object.freeze(turn);
        const next: Cached = entry ?? { name: key, record: applyWrite(undefined, session.id, {}), version: 0, writes: 0, snapshotBytes: 0, logBytes: 0 };
        if (!entry) {
          // A new session's log starts with its snapshot line, so every log can be read from its first line; the
          // record is its key's owner's, whatever the write set.
          applyWrite(next.record, session.id, copy);
          next.record.owner = session.owner;
          next.version = 1;
          await compact(next);
        } else {
          const line = `${JSON.stringify({ v: actual + 1, write: copy } satisfies LogLine)}\n`;
          await writeSynced(logOf(next.name), line, 'a');
          applyWrite(next.record, session.id, copy);
          next.version = actual + 1;
          next.writes += 1;
          next.logBytes += line.length;
          if (next.writes >= COMPACT_AFTER_WRITES && next.logBytes > 2 * next.snapshotBytes) await compact(next);
        }
        remember(key, next);
        if (listed) note(listed, key, next.record);
        return next.version;
      });
    },
    delete(session) {
      const key = keyOf(session);
      return serially(key, async () => {
        await ready;
        // Where it is kept (its key's log, or its owner's log from before keys); another owner's log is never touched.
        const entry = await current(session);
        cache.delete(key);
        if (entry) await rm(logOf(entry.name), { force: true });
        listed?.delete(key);
      });
    },
    async listByOwner(owner, { limit, after }) {
      const index = await buildIndex();
      const listings: SessionListing[] = [];
      for (const entry of index.values()) if (entry.owner === owner) listings.push(entry);
      return listPage(listings, limit, after);
    },
  };
}

async function writeSynced(path: string, text: string, flags: 'a' | 'w'): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A session's log replayed; a torn last line (a crash mid-write) is left out, a torn line before it is an error. */
async function readLog(path: string, name: string): Promise<Cached | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const lines = text.split('\n');
  let entry: Cached | undefined;
  for (const [index, raw] of lines.entries()) {
    if (raw === '') continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch (error) {
      const last = lines.slice(index + 1).every((rest) => rest === '');
      if (last) break;
      throw new Error(`fileStore: ${path} line ${index + 1} is not JSON (${(error as Error).message})`);
    }
    if ('snapshot' in line) {
      for (const turn of line.snapshot.turns) Object.freeze(turn);
      entry = { name, record: line.snapshot, version: line.v, writes: 0, snapshotBytes: raw.length + 1, logBytes: raw.length + 1 };
    } else if (entry) {
      for (const turn of [...(line.write.append ?? []), ...(line.write.replace ?? [])]) Object.freeze(turn);
      applyWrite(entry.record, entry.record.id, line.write);
      entry.version = line.v;
      entry.writes += 1;
      entry.logBytes += raw.length + 1;
    }
  }
  return entry;
}

/**
 * A crash between writing a temporary file and renaming it leaves the temporary file behind. At start, no write of
 * this store is in flight yet, so every `*.tmp` in the folder is such a leftover.
 */
async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir);
  await Promise.all(names.filter((name) => name.endsWith('.tmp')).map((name) => rm(join(dir, name), { force: true })));
}
