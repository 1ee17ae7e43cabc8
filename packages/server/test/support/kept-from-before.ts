// Storage as the code before owner-scoped session keys left it: test/fixtures/before-owner-keys was written by that
// commit's fileStore and redisStore (sessions "kept" and "ann:notes" of ann, "bobs" of bob, "orphan" of nobody).
import { cp, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RedisClientLike } from '../../src/redis.js';

const fixtures = fileURLToPath(new URL('../fixtures/before-owner-keys/', import.meta.url));

/** The old file store's logs (`<id>.jsonl`, the bare id URI-encoded), copied into `dir`. */
export async function copyOldFileStore(dir: string): Promise<void> {
  await cp(`${fixtures}file-store`, dir, { recursive: true });
}

interface DumpedKey {
  key: string;
  type: 'hash' | 'list' | 'zset';
  value: string[];
}

/** The old Redis store's keys (`session:{<id>}:meta`, `:turns`, `owner:{<owner>}:sessions`), written under `prefix`. */
export async function restoreOldRedisStore(client: RedisClientLike, prefix: string): Promise<void> {
  const keys = JSON.parse(await readFile(`${fixtures}redis-keys.json`, 'utf8')) as DumpedKey[];
  for (const { key, type, value } of keys) {
    const name = `${prefix}${key}`;
    if (type === 'hash') await client.sendCommand(['HSET', name, ...value]);
    else if (type === 'list') await client.sendCommand(['RPUSH', name, ...value]);
    else {
      // ZRANGE WITHSCORES gave member, score pairs; ZADD takes score, member.
      const pairs: string[] = [];
      for (let i = 0; i < value.length; i += 2) pairs.push(value[i + 1]!, value[i]!);
      await client.sendCommand(['ZADD', name, ...pairs]);
    }
  }
}
