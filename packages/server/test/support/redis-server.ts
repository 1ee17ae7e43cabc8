import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createClient } from 'redis';
import { findRedisServer } from '../../../../scripts/find-redis.mjs';
import type { RedisClientLike } from '../../src/redis.js';

/** The redis-server binary, or null (find-redis has printed why, and the Redis tests skip). */
export const redisServerPath = findRedisServer();

/** Why the Redis tests of a file are skipped, printed once per file so a skip is never silent. */
export function redisSkipReason(file: string): string | undefined {
  if (redisServerPath) return undefined;
  const reason = `${file}: skipped, no redis-server (see the find-redis line above)`;
  console.warn(reason);
  return reason;
}

export interface RedisServer {
  url: string;
  port: number;
  /** A new connected client; closed by `stop()` if still open. */
  client(): Promise<RedisClientLike>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves when the server says it accepts connections; rejects with its output if it exits first. */
function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
  });
}

/** A redis-server of its own on a free loopback port, without persistence; `stop()` ends it. */
export async function startRedisServer(): Promise<RedisServer> {
  if (!redisServerPath) throw new Error('no redis-server: guard the tests with redisSkipReason()');
  let lastError: unknown;
  // Another process may take the free port between the check and the start: try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const child = spawn(redisServerPath, ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await started(child);
    } catch (error) {
      lastError = error;
      child.kill('SIGKILL');
      continue;
    }
    const url = `redis://127.0.0.1:${port}`;
    const clients: RedisClientLike[] = [];
    return {
      url,
      port,
      async client() {
        const client: RedisClientLike = createClient({ url });
        client.on('error', () => {});
        await client.connect();
        clients.push(client);
        return client;
      },
      async stop() {
        for (const client of clients) if (client.isOpen) client.destroy();
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      },
    };
  }
  throw lastError;
}
