import { randomUUID } from 'node:crypto';
import type { Turn } from '@agent-chat/protocol';
import { newSessionRecord, SESSION_FIELDS, type SessionFields, type SessionRecord } from '../session/session-record.js';
import { applyWrite } from '../store/apply-write.js';
import { sessionRef, type SessionRef } from '../session/session-ref.js';
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
  /** Whose keys hold it: the session's key, or for a session kept from before keys, its bare id. */
  name: string;
  version: number;
  generation: string;
  /** Frozen turns, shared by every load (each gets its own array). */
  turns: Turn[];
  fields: SessionFields;
}

type LoadReply = null | [string] | [string, string, number, string[], string[]];

/**
 * Sessions in Redis, shared by every instance that points at it. A session is a list of turns (one JSON each,
 * appended with RPUSH) and a hash of its other fields, both named by the session's key (its owner and id hashed
 * together); a write is one Lua script that checks the version and applies the whole write, or nothing of it
 * (StaleSessionError). A write sends what it adds, and a load reads only what changed since this instance's cached
 * copy.
 *
 * Sessions written before keys (named by the bare id, with an `owner` field) still load for that owner, and only
 * for them, and are written where they are.
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
  // By session key.
  const cache = new Map<string, Cached>();

  /** The two keys of a session: `name` is its key, or the bare id of one kept from before keys. */
  const keysOf = (name: string) => {
    const base = `${prefix}session:${sessionTag(name)}`;
    return [`${base}:meta`, `${base}:turns`];
  };
  /** An owner's sessions: a sorted set of their ids (as the owner gave them), scored by updatedAt. */
  const listKeyOf = (owner: string) => `${prefix}owner:${sessionTag(owner)}:sessions`;

  /**
   * The version of the session kept from before keys under its bare id, when that record is this owner's; 0 when
   * there is none, or it is someone else's. One HMGET whatever the answer, so a stranger's request costs what a
   * never-used id's does.
   */
  async function keptFromBefore(session: SessionRef): Promise<number> {
    const [owner, version] = await client.sendCommand<(string | null)[]>(['HMGET', keysOf(session.id)[0]!, 'owner', '_v']);
    return owner && JSON.parse(owner) === session.owner ? Number(version ?? 0) : 0;
  }

  function remember(key: string, entry: Cached): void {
    if (cacheSessions === 0) return;
    cache.delete(key);
    cache.set(key, entry);
    for (const cached of cache.keys()) {
      if (cache.size <= cacheSessions) break;
      cache.delete(cached);
    }
  }

  /** The session read from the keys `name` names, from what this instance holds of it when it was read there. */
  async function read(name: string, cached: Cached | undefined): Promise<Cached | undefined> {
    const held = cached?.name === name ? cached : undefined;
    const reply = await loadScript.run<LoadReply>(client, keysOf(name), held ? [String(held.version), held.generation, String(held.turns.length)] : ['', '', '0']);
    if (!reply) return undefined;
    if (reply.length === 1) return held!;
    const [version, generation, from, meta, turns] = reply;
    const parsed = turns.map((json) => Object.freeze(JSON.parse(json) as Turn));
    return {
      name,
      version: Number(version),
      generation,
      turns: from > 0 && held ? [...held.turns, ...parsed] : parsed,
      fields: fieldsFromHash(meta),
    };
  }

  return {
    async load(session) {
      await connection.ready;
      const cached = cache.get(session.key);
      // Where this instance last found it first (a session never moves, but it may be deleted and started anew).
      let entry = cached?.name === session.id ? await read(session.id, cached) : undefined;
      entry ??= await read(session.key, cached);
      if (!entry && cached?.name !== session.id && (await keptFromBefore(session)) > 0) entry = await read(session.id, cached);
      if (!entry) {
        cache.delete(session.key);
        return undefined;
      }
      remember(session.key, entry);
      return { id: session.id, ...structuredClone(entry.fields), turns: [...entry.turns], version: entry.version } satisfies StoredSession;
    },

    async write(session, version, write) {
      await connection.ready;
      const generation = randomUUID();
      // A new record is its key's owner's, whatever the write set.
      const set = version === 0 ? { ...fieldsOf(newSessionRecord(session.id)), ...write.set, owner: session.owner } : (write.set ?? {});
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
      args.push(session.id, updatedAt === undefined ? '' : String(updatedAt));
      const run = (name: string) => writeScript.run<[number, number]>(client, listed ? [...keysOf(name), listKeyOf(session.owner)] : keysOf(name), args);
      const cached = cache.get(session.key);
      // A new session is always written under its key, unless this owner's is kept from before keys (then it exists);
      // a session kept from before keys is written where it is.
      if (version === 0) {
        const before = await keptFromBefore(session);
        if (before > 0) throw new StaleSessionError(session.id, version, before);
      }
      let name = version === 0 ? session.key : (cached?.name ?? session.key);
      let [ok, actual] = await run(name);
      if (ok !== 1 && actual === 0 && name === session.key && version > 0 && (await keptFromBefore(session)) > 0) {
        name = session.id;
        [ok, actual] = await run(name);
      }
      if (ok !== 1) {
        cache.delete(session.key);
        throw new StaleSessionError(session.id, version, actual);
      }
      // This instance's copy follows its own writes, so the run loop's next load reads nothing.
      if (version === 0 || (cached?.name === name && cached.version === version)) {
        const base: SessionRecord = version === 0 ? { ...newSessionRecord(session.id), turns: [] } : { id: session.id, ...cached!.fields, turns: [...cached!.turns] };
        const copy: SessionWrite = {
          ...(replace && { replace: replace.map(parseFrozen) }),
          append: append.map(parseFrozen),
          update: update.map(([, json]) => parseFrozen(json)),
          set: fieldsFromHash(setArgs, true) as Partial<SessionFields>,
        };
        const record = applyWrite(base, session.id, copy);
        const changedTurns = version === 0 || replace !== undefined || update.length > 0;
        const { id: _id, turns, ...fields } = record;
        remember(session.key, { name, version: actual, generation: changedTurns ? generation : cached!.generation, turns, fields });
      } else {
        cache.delete(session.key);
      }
      return actual;
    },

    async delete(session) {
      await connection.ready;
      cache.delete(session.key);
      await client.sendCommand(['DEL', ...keysOf(session.key)]);
      // One kept from before keys is deleted only when it is this owner's: anyone else's is not theirs to touch.
      if ((await keptFromBefore(session)) > 0) await client.sendCommand(['DEL', ...keysOf(session.id)]);
      await client.sendCommand(['ZREM', listKeyOf(session.owner), session.id]);
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
        const fields = await Promise.all(ids.map((id) => listedFields(owner, id)));
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

  /** A listed session's owner and title (JSON): from its key's hash, else from the bare id's of one kept from before keys. */
  async function listedFields(owner: string, id: string): Promise<(string | null)[]> {
    const { key } = await sessionRef(owner, id);
    const fields = await client.sendCommand<(string | null)[]>(['HMGET', keysOf(key)[0]!, 'owner', 'title']);
    return fields[0] ? fields : client.sendCommand<(string | null)[]>(['HMGET', keysOf(id)[0]!, 'owner', 'title']);
  }
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
