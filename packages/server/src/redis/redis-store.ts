import { randomUUID } from 'node:crypto';
import type { Turn } from '@agent-chat/protocol';
import { newSessionRecord, SESSION_FIELDS, type SessionFields, type SessionRecord } from '../session/session-record.js';
import { applyWrite } from '../store/apply-write.js';
import { StaleSessionError, type SessionListing, type SessionListPosition, type SessionStore, type SessionWrite, type StoredSession } from '../store/session-store.js';
import { connect, DEFAULT_PREFIX, sessionTag, type RedisCommonOptions, type RedisSource } from './connection.js';
import { listScript, loadScript, writeScript } from './store-scripts.js';

export type RedisStoreOptions = RedisSource &
  RedisCommonOptions & {
    /**
     * A session not written for this long is removed by Redis (every write starts the time again). Default: kept
     * until deleted.
     */
    ttlSeconds?: number;
    /**
     * How many sessions this instance keeps parsed in memory, least recently used out first, so that a load reads
     * only what changed since (usually nothing, or the turns another instance appended). 0: every load reads the
     * whole session. Default 200.
     */
    cacheSessions?: number;
  };

/** A session store that may also be closed: it ends its Redis connection when it made it from a URL. */
export interface RedisSessionStore extends SessionStore {
  close(): Promise<void>;
}

interface Cached {
  version: number;
  generation: string;
  /** Frozen turns, shared by every load (each gets its own array). */
  turns: Turn[];
  fields: SessionFields;
}

type LoadReply = null | [string] | [string, string, number, string[], string[]];

/**
 * Sessions in Redis, shared by every instance that points at it. A session is a list of turns (one JSON each,
 * appended with RPUSH) and a hash of its other fields; a write is one Lua script that checks the version and applies
 * the whole write, or nothing of it (StaleSessionError). A write sends what it adds, and a load reads only what
 * changed since this instance's cached copy.
 */
export function redisStore(options: RedisStoreOptions): RedisSessionStore {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const ttlSeconds = options.ttlSeconds ?? 0;
  const cacheSessions = options.cacheSessions ?? 200;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0) throw new TypeError('redisStore: ttlSeconds must be a whole number ≥ 0');
  if (!Number.isInteger(cacheSessions) || cacheSessions < 0) throw new TypeError('redisStore: cacheSessions must be a whole number ≥ 0');
  const connection = connect(options, 'redisStore', warn);
  const { client } = connection;
  const cache = new Map<string, Cached>();

  const keysOf = (sessionId: string) => {
    const base = `${prefix}session:${sessionTag(sessionId)}`;
    return [`${base}:meta`, `${base}:turns`];
  };
  /** An owner's sessions: a sorted set of their ids, scored by updatedAt. */
  const listKeyOf = (owner: string) => `${prefix}owner:${sessionTag(owner)}:sessions`;

  /** The session's owner, from this instance's copy or, failing that, from Redis (an owner never changes). */
  async function ownerOf(sessionId: string): Promise<string | undefined> {
    const cached = cache.get(sessionId)?.fields.owner;
    if (cached !== undefined) return cached;
    const json = await client.sendCommand<string | null>(['HGET', keysOf(sessionId)[0]!, 'owner']);
    return json ? (JSON.parse(json) as string) : undefined;
  }

  function remember(sessionId: string, entry: Cached): void {
    if (cacheSessions === 0) return;
    cache.delete(sessionId);
    cache.set(sessionId, entry);
    for (const id of cache.keys()) {
      if (cache.size <= cacheSessions) break;
      cache.delete(id);
    }
  }

  return {
    async load(sessionId) {
      await connection.ready;
      const cached = cache.get(sessionId);
      const reply = await loadScript.run<LoadReply>(client, keysOf(sessionId), cached ? [String(cached.version), cached.generation, String(cached.turns.length)] : ['', '', '0']);
      if (!reply) {
        cache.delete(sessionId);
        return undefined;
      }
      let entry: Cached;
      if (reply.length === 1) {
        entry = cached!;
      } else {
        const [version, generation, from, meta, turns] = reply;
        const parsed = turns.map((json) => Object.freeze(JSON.parse(json) as Turn));
        entry = {
          version: Number(version),
          generation,
          turns: from > 0 && cached ? [...cached.turns, ...parsed] : parsed,
          fields: fieldsFromHash(meta),
        };
      }
      remember(sessionId, entry);
      return { id: sessionId, ...structuredClone(entry.fields), turns: [...entry.turns], version: entry.version } satisfies StoredSession;
    },

    async write(sessionId, version, write) {
      await connection.ready;
      const generation = randomUUID();
      const set = version === 0 ? { ...fieldsOf(newSessionRecord(sessionId)), ...write.set } : (write.set ?? {});
      const setArgs: string[] = [];
      for (const field of SESSION_FIELDS) {
        if (!(field in set)) continue;
        const value = set[field];
        setArgs.push(field, value === undefined || value === null ? '' : JSON.stringify(value));
      }
      const replace = write.replace?.map((turn) => JSON.stringify(turn));
      const append = (write.append ?? []).map((turn) => JSON.stringify(turn));
      const update = (write.update ?? []).map((turn) => [turn.id, JSON.stringify(turn)] as const);
      const args = [
        String(version),
        String(ttlSeconds),
        generation,
        ...(replace ? [String(replace.length), ...replace] : ['-1']),
        String(append.length),
        ...append,
        String(update.length),
        ...update.flat(),
        String(setArgs.length / 2),
        ...setArgs,
      ];
      // A write that sets updatedAt moves the session in its owner's list, in the same script; with a time to live,
      // every write starts the list's time again too.
      const updatedAt = typeof set.updatedAt === 'number' ? set.updatedAt : undefined;
      const listed = updatedAt !== undefined || ttlSeconds > 0;
      const owner = !listed ? undefined : typeof set.owner === 'string' ? set.owner : await ownerOf(sessionId);
      args.push(sessionId, updatedAt === undefined ? '' : String(updatedAt));
      const keys = owner === undefined ? keysOf(sessionId) : [...keysOf(sessionId), listKeyOf(owner)];
      const [ok, actual] = await writeScript.run<[number, number]>(client, keys, args);
      if (ok !== 1) {
        cache.delete(sessionId);
        throw new StaleSessionError(sessionId, version, actual);
      }
      // This instance's copy follows its own writes, so the run loop's next load reads nothing.
      const cached = cache.get(sessionId);
      if (version === 0 || cached?.version === version) {
        const base: SessionRecord = version === 0 ? { ...newSessionRecord(sessionId), turns: [] } : { id: sessionId, ...cached!.fields, turns: [...cached!.turns] };
        const copy: SessionWrite = {
          ...(replace && { replace: replace.map(parseFrozen) }),
          append: append.map(parseFrozen),
          update: update.map(([, json]) => parseFrozen(json)),
          set: fieldsFromHash(setArgs, true) as Partial<SessionFields>,
        };
        const record = applyWrite(base, sessionId, copy);
        const changedTurns = version === 0 || replace !== undefined || update.length > 0;
        const { id: _id, turns, ...fields } = record;
        remember(sessionId, { version: actual, generation: changedTurns ? generation : cached!.generation, turns, fields });
      } else {
        cache.delete(sessionId);
      }
      return actual;
    },

    async delete(sessionId) {
      await connection.ready;
      const owner = await ownerOf(sessionId);
      cache.delete(sessionId);
      await client.sendCommand(['DEL', ...keysOf(sessionId)]);
      if (owner !== undefined) await client.sendCommand(['ZREM', listKeyOf(owner), sessionId]);
    },

    async listByOwner(owner, { limit, after }) {
      await connection.ready;
      const key = listKeyOf(owner);
      const sessions: SessionListing[] = [];
      const gone: string[] = [];
      let position = after;
      let more = true;
      // One more than the page, to know whether there is a next one; again while ids of sessions that are gone
      // (expired, or deleted by an instance that died before it removed them) took places in the page.
      while (more && sessions.length <= limit) {
        const want = limit + 1 - sessions.length;
        const flat = await listScript.run<string[]>(client, [key], position ? [String(position.updatedAt), position.id, String(want)] : ['', '', String(want)]);
        more = flat.length === want * 2;
        const ids = flat.filter((_, index) => index % 2 === 0);
        const fields = await Promise.all(ids.map((id) => client.sendCommand<(string | null)[]>(['HMGET', keysOf(id)[0]!, 'owner', 'title'])));
        for (const [index, id] of ids.entries()) {
          const [ownerJson, titleJson] = fields[index]!;
          position = { updatedAt: Number(flat[index * 2 + 1]), id };
          if (!ownerJson || JSON.parse(ownerJson) !== owner) gone.push(id);
          else if (sessions.length <= limit) sessions.push({ id, updatedAt: position.updatedAt, ...(titleJson ? { title: JSON.parse(titleJson) as string } : {}) });
        }
      }
      if (gone.length > 0) await client.sendCommand(['ZREM', key, ...gone]);
      const page = sessions.slice(0, limit);
      const last = page.at(-1);
      const next: SessionListPosition | undefined = sessions.length > limit && last ? { updatedAt: last.updatedAt, id: last.id } : undefined;
      return next ? { sessions: page, next } : { sessions: page };
    },

    close: () => connection.close(),
  };
}

function parseFrozen(json: string): Turn {
  return Object.freeze(JSON.parse(json) as Turn);
}

function fieldsOf(record: SessionRecord): SessionFields {
  const { id: _id, turns: _turns, ...fields } = record;
  return fields;
}

/**
 * The session's fields from its hash, flat as Redis sends it: field, JSON, field, JSON… (`_v`, `_g` are not fields).
 * With `removals`, an empty value (a field a write removes) is kept as `null`, which is what a write's `set` means.
 */
function fieldsFromHash(flat: readonly string[], removals = false): SessionFields {
  const fields: Record<string, unknown> = {};
  const known = new Set<string>(SESSION_FIELDS);
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const name = flat[i]!;
    const json = flat[i + 1]!;
    if (!known.has(name)) continue;
    if (json !== '') fields[name] = JSON.parse(json);
    else if (removals) fields[name] = null;
  }
  return fields as unknown as SessionFields;
}
