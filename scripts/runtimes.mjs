// The other JavaScript runtimes the server is tested on, installed on demand from npm at pinned versions into the
// repository's gitignored .tmp/runtimes/ (never into the workspace's node_modules or lockfile).
// A runtime that cannot be installed or run here comes back with the reason, for the test to print as it skips.
//
//   node scripts/runtimes.mjs [bun|deno|workerd ...]     installs and prints each binary's path, or why not
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, withLock } from './pack-install.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const base = join(root, '.tmp', 'runtimes');

/**
 * Each runtime's npm package and pinned version, and where its native binary lands. The packages' own `bin`
 * entries are avoided where they are Node wrappers: a test must stop the runtime itself, not a parent process.
 */
const arm = process.arch === 'arm64';
const os = process.platform;
export const RUNTIMES = {
  bun: {
    package: 'bun',
    version: '1.4.5',
    binaries: ['node_modules/bun/bin/bun.exe', `node_modules/@oven/bun-${os}-${arm ? 'aarch64' : 'x64'}/bin/bun`],
  },
  deno: {
    package: 'deno',
    version: '2.9.6',
    binaries: ['node_modules/deno/deno', `node_modules/@deno/${os}-${arm ? 'arm64' : 'x64'}-glibc/deno`],
  },
  workerd: {
    package: 'workerd',
    version: '1.20261117.1',
    binaries: ['node_modules/workerd/bin/workerd', `node_modules/@cloudflare/workerd-${os}-${arm ? 'arm64' : '64'}/bin/workerd`],
  },
};

/**
 * Installs (once) and checks one runtime.
 * @param {'bun' | 'deno' | 'workerd'} name
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ name: string, version: string, path: string } | { name: string, version: string, reason: string }>}
 */
export async function ensureRuntime(name, options = {}) {
  const spec = RUNTIMES[name];
  if (!spec) throw new Error(`ensureRuntime: unknown runtime ${name}; known: ${Object.keys(RUNTIMES).join(', ')}`);
  const log = options.log ?? ((line) => console.log(`[runtimes] ${line}`));
  const { version } = spec;
  const dir = join(base, `${name}-${version}`);
  return withLock(join(base, `${name}.lock`), async () => {
    let path = findBinary(dir, spec);
    if (!path) {
      try {
        await run(log, 'npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--prefer-offline', `${spec.package}@${version}`], root);
      } catch (error) {
        return { name, version, reason: `npm could not install ${spec.package}@${version}: ${firstLines(error.message)}` };
      }
      path = findBinary(dir, spec);
      if (!path) {
        const looked = spec.binaries.join(', ');
        return { name, version, reason: `${spec.package}@${version} installed, but no binary for ${os}-${process.arch} (looked for ${looked})` };
      }
    }
    // A binary that exists may still not run here (another libc, a CPU without the instructions it needs).
    const check = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    if (check.error || check.status !== 0) {
      const why = check.error?.message ?? `exit ${check.status}: ${firstLines(check.stderr || check.stdout)}`;
      return { name, version, reason: `${path} --version failed: ${why}` };
    }
    log(`${name}: ${path} (${check.stdout.trim().split('\n')[0]})`);
    return { name, version, path };
  });
}

function findBinary(dir, spec) {
  return spec.binaries.map((relative) => join(dir, relative)).find((path) => existsSync(path));
}

function firstLines(text) {
  return String(text).trim().split('\n').slice(0, 6).join(' | ');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(RUNTIMES);
  let failed = false;
  for (const name of names) {
    const result = await ensureRuntime(name);
    if ('path' in result) console.log(`${name} ${result.version}: ${result.path}`);
    else {
      failed = true;
      console.log(`${name} ${result.version}: unavailable: ${result.reason}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
