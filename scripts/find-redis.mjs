// Finds the redis-server that the Redis tests start (each its own, on a free loopback port, without persistence).
// Unlike Chromium, Redis is optional for the suite: when none can be had, the Redis tests are skipped, and the reason
// is printed, never silently.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isExecutable, onPath } from './executables.mjs';

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/opt/homebrew/bin/redis-server'];

/**
 * The redis-server to run: $REDIS_SERVER, one on PATH or in a usual place, or one installed with apt-get when this
 * runs as root on Debian/Ubuntu. Otherwise null, after printing why (the Redis tests then skip).
 * @returns {string | null}
 */
export function findRedisServer() {
  const fromEnv = process.env.REDIS_SERVER;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`find-redis: REDIS_SERVER is set to ${fromEnv}, which is not an executable file: the Redis tests are skipped`);
    return null;
  }
  const found = onPath('redis-server') ?? CANDIDATES.find(isExecutable);
  if (found) return found;

  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.error('find-redis: no redis-server found; installing it with apt-get…');
    try {
      // Test files may ask at once: the second apt-get waits for the first one's lock instead of failing.
      execFileSync('sh', ['-c', 'apt-get update && apt-get install -y -o DPkg::Lock::Timeout=300 redis-server'], {
        stdio: ['ignore', 2, 2],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.error(`find-redis: apt-get install redis-server failed (${error.message}): the Redis tests are skipped`);
      return null;
    }
    const installed = onPath('redis-server') ?? CANDIDATES.find(isExecutable);
    if (installed) return installed;
    console.error('find-redis: apt-get install redis-server finished but no redis-server is on PATH: the Redis tests are skipped');
    return null;
  }

  console.error(
    'find-redis: no redis-server found (looked at $REDIS_SERVER, PATH and ' +
      `${CANDIDATES.join(', ')}), and this is not root with apt-get to install one: the Redis tests are skipped. ` +
      'Install Redis (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`) or set REDIS_SERVER.',
  );
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = findRedisServer();
  if (path) console.log(path);
  else process.exit(1);
}
