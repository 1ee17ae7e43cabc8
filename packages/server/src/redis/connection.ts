import { createHash } from 'node:crypto';
import { createClient } from 'redis';

/**
 * What this package uses of a node-redis client (`createClient()` from `redis`, v5). Every command goes through
 * `sendCommand`, so a client made with any modules, scripts, RESP version or type mapping works the same.
 */
export interface RedisClientLike {
  sendCommand<T = unknown>(args: ReadonlyArray<string>): Promise<T>;
  /** A new client with the same options, not yet connected: for pub/sub and blocking reads. */
  duplicate(): RedisClientLike;
  connect(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string, channel: string) => unknown): Promise<void>;
  unsubscribe(channel?: string): Promise<void>;
  close(): Promise<void>;
  destroy(): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  readonly isOpen: boolean;
}

/** Where to reach Redis: a connected client of yours (left open by `close()`), or a URL (connected and closed here). */
export type RedisSource = { client: RedisClientLike; url?: undefined } | { url: string; client?: undefined };

export interface RedisCommonOptions {
  /** Put before every key and channel, to share one Redis with other data. Default `agent-chat:`. */
  prefix?: string;
  /** Where warnings go (a lost run lock, a dropped connection). Default `console.warn`. */
  warn?: (message: string) => void;
}

export const DEFAULT_PREFIX = 'agent-chat:';

/** A client to use, and whether this package made it (then it also ends it). */
export interface Connection {
  client: RedisClientLike;
  /** Resolves once the client is connected; a URL that cannot be reached rejects every command with that error. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function connect(source: RedisSource, name: string, warn: (message: string) => void): Connection {
  if (source.client) return { client: source.client, ready: Promise.resolve(), close: async () => {} };
  if (typeof source.url !== 'string') throw new TypeError(`${name}: pass { client } (a connected node-redis client) or { url }`);
  const client: RedisClientLike = createClient({ url: source.url });
  listenForErrors(client, name, warn);
  const ready = client.connect().then(() => {});
  // Callers await `ready` before each command; this only keeps an unreachable URL from being an unhandled rejection.
  ready.catch(() => {});
  return {
    client,
    ready,
    async close() {
      await ready.catch(() => {});
      if (client.isOpen) await client.close();
    },
  };
}

/**
 * A second connection of the same client (a subscriber, a blocking reader). node-redis throws an 'error' event that
 * nobody listens to, which would end the process: a dropped connection is logged instead, and node-redis reconnects.
 */
export function duplicateOf(client: RedisClientLike, name: string, warn: (message: string) => void): RedisClientLike {
  const duplicate = client.duplicate();
  listenForErrors(duplicate, name, warn);
  return duplicate;
}

function listenForErrors(client: RedisClientLike, name: string, warn: (message: string) => void): void {
  let last = '';
  client.on('error', (error) => {
    // A reconnect loop reports the same error on every try: say it once until something else happens.
    if (error.message === last) return;
    last = error.message;
    warn(`${name}: Redis connection error: ${error.message}`);
  });
}

/** A Lua script run by its SHA1 (EVALSHA), sent whole only when this Redis has not seen it yet (after a restart). */
export interface Script {
  run<T>(client: RedisClientLike, keys: readonly string[], args: readonly string[]): Promise<T>;
}

export function script(source: string): Script {
  const sha = createHash('sha1').update(source).digest('hex');
  return {
    async run<T>(client: RedisClientLike, keys: readonly string[], args: readonly string[]) {
      const rest = [String(keys.length), ...keys, ...args];
      try {
        return await client.sendCommand<T>(['EVALSHA', sha, ...rest]);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
        return client.sendCommand<T>(['EVAL', source, ...rest]);
      }
    },
  };
}

/**
 * The `{…}` hash tag keeps every key of one session in one Redis Cluster slot, so a script may touch them together.
 * Session ids are the client's: encoded, so a brace or colon in one cannot change which slot or key it names.
 */
export function sessionTag(sessionId: string): string {
  return `{${encodeURIComponent(sessionId)}}`;
}
