// Installs the SDK the way a user gets it: the three packages packed as published (scripts/pack-packages.mjs), then
// `npm install` of the tarballs (plus what an integrator adds: hono, @hono/node-server, zod, React and Vue typings,
// TypeScript) into a fresh project outside the workspace, where nothing resolves to this repository's sources or
// node_modules.
//
// The result is cached twice over, so the install tests of one run share one project: by the packages' build
// inputs (no rebuild or repack while they are unchanged) and by the tarballs' hash (a rebuild that changes
// nothing reuses the installed project). A lock serialises concurrent callers (vitest workers, two `npm test`s).
//
//   node scripts/pack-install.mjs     prints the project's folder
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGES, packPackages } from './pack-packages.mjs';
import { run } from './run-command.mjs';

// Kept here for the callers that import them from this module (runtimes.mjs, the install tests).
export { cleanNpmEnv, run } from './run-command.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const state = join(root, '.tmp', 'pack-install');
const stampFile = join(state, 'stamp.json');
const failureFile = join(state, 'failure.json');
/** How long a failed build, pack or install of the same sources is reported again instead of retried (one test run). */
const FAILURE_REUSE_MS = 5 * 60 * 1000;
const PROJECT_PREFIX = 'agent-chat-install-';

/** What an integrator installs beside the SDK, at the versions this workspace runs (so npm's cache has them). */
const COMPANIONS = ['hono', '@hono/node-server', 'zod', 'react', '@types/react', 'vue', 'vue-tsc', 'typescript'];

/**
 * The installed project: `dir` holds node_modules with @agent-chat/{protocol,server,element} from their tarballs.
 * Builds first unless `build` is false or AGENT_CHAT_PACKAGES_BUILT=1 (set by scripts/test.mjs, which just built).
 * @param {{ build?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ dir: string, hash: string, tarballs: Record<string, string> }>}
 */
export async function packInstall(options = {}) {
  const log = options.log ?? ((line) => console.log(`[pack-install] ${line}`));
  const build = options.build ?? process.env.AGENT_CHAT_PACKAGES_BUILT !== '1';
  return withLock(join(state, 'lock'), async () => {
    const inputs = await hashInputs();
    const cached = await readStamp();
    if (cached && cached.inputs === inputs && existsSync(join(cached.dir, '.installed'))) {
      log(`packages unchanged since the last pack; reusing ${cached.dir}`);
      return cached.project;
    }
    // The install tests of one run each ask; when the first found these sources broken, the others say so at once.
    const failed = await readJson(failureFile);
    if (failed?.inputs === inputs && Date.now() - failed.at < FAILURE_REUSE_MS) {
      throw new Error(`pack-install failed ${Math.round((Date.now() - failed.at) / 1000)} s ago for these same sources:\n${failed.message}`);
    }
    try {
      return await buildPackInstall({ build, log });
    } catch (error) {
      await writeFile(failureFile, JSON.stringify({ inputs, at: Date.now(), message: error.message }));
      throw error;
    }
  });
}

/** The work itself: build (unless told not to), pack, and install the tarballs where they are not yet. */
async function buildPackInstall({ build, log }) {
  if (build) await run(log, 'npm', ['run', 'build', '--silent'], root);
  else log('packages already built (AGENT_CHAT_PACKAGES_BUILT=1): not rebuilding');

  const packDir = await mkdtemp(join(tmpdir(), 'agent-chat-pack-'));
  const packed = await packPackages(packDir, log).catch(async (error) => {
    await rm(packDir, { recursive: true, force: true });
    throw error;
  });
  const files = Object.fromEntries(PACKAGES.map((name) => [name, basename(packed[name].tarball)]));
  const hash = createHash('sha256');
  for (const name of PACKAGES) hash.update(await readFile(join(packDir, files[name])));
  const digest = hash.digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `${PROJECT_PREFIX}${digest}`);

  if (existsSync(join(dir, '.installed'))) {
    log(`tarballs ${digest} already installed in ${dir}`);
    await rm(packDir, { recursive: true, force: true });
  } else {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await rename(packDir, join(dir, 'tarballs')).catch(async () => {
      await cp(packDir, join(dir, 'tarballs'), { recursive: true });
      await rm(packDir, { recursive: true, force: true });
    });
    await writeFile(
      join(dir, 'package.json'),
      `${JSON.stringify({ name: 'agent-chat-installed', private: true, type: 'module' }, null, 2)}\n`,
    );
    const tarballs = PACKAGES.map((name) => `./tarballs/${files[name]}`);
    const companions = COMPANIONS.map((name) => `${name}@${workspaceVersion(name)}`);
    await run(log, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, ...companions], dir);
    await writeFile(join(dir, '.installed'), `${new Date().toISOString()}\n`);
    await removeOldProjects(dir, log);
  }
  const tarballs = Object.fromEntries(PACKAGES.map((name) => [name, join(dir, 'tarballs', files[name])]));
  const project = { dir, hash: digest, tarballs };
  // The inputs are hashed again after the build: a build that regenerates a tracked file (the manifest) must not
  // make the next call think the sources changed.
  await writeFile(stampFile, JSON.stringify({ inputs: await hashInputs(), dir, project }, null, 2));
  await rm(failureFile, { force: true });
  log(`installed project ready: ${dir}`);
  return project;
}

/** The scripts that decide what a tarball holds: a change to them packs anew. */
const PACKING_SCRIPTS = ['scripts/pack-packages.mjs', 'scripts/published-manifest.mjs', 'scripts/manifest-targets.mjs'];

/** The files a build and a pack read: each package's folder but for node_modules, dist, tests and benches. */
async function hashInputs() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', 'tsconfig.base.json', ...PACKING_SCRIPTS]) await hashFile(hash, join(root, file));
  for (const name of PACKAGES) {
    for (const file of await listFiles(join(root, 'packages', name))) await hashFile(hash, file);
  }
  return hash.digest('hex');
}

async function hashFile(hash, file) {
  if (!existsSync(file)) return;
  hash.update(relative(root, file));
  hash.update('\0');
  hash.update(await readFile(file));
  hash.update('\0');
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'bench', 'coverage']);

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await listFiles(path)));
    } else if (!/\.test\.[cm]?[jt]sx?$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

async function readStamp() {
  const stamp = await readJson(stampFile);
  return stamp && { inputs: stamp.inputs, dir: stamp.dir, project: stamp.project };
}

async function readJson(file) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function workspaceVersion(name) {
  const manifest = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) throw new Error(`pack-install: ${name} is not installed in the workspace; run npm ci first`);
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/**
 * Earlier installed projects are ~100 MB each: keep the new one and any touched in the last 20 minutes (a parallel
 * run's: its tests copy their fixtures in).
 */
async function removeOldProjects(keep, log) {
  const base = tmpdir();
  for (const name of await readdir(base)) {
    const path = join(base, name);
    if (!name.startsWith(PROJECT_PREFIX) || path === keep) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 20 * 60 * 1000) {
      log(`removing an older installed project: ${path}`);
      await rm(path, { recursive: true, force: true });
    }
  }
}

/**
 * Runs `fn` holding a lock (a directory: mkdir is atomic). A lock left by a process that is gone is taken over;
 * one held by a live process is waited for, up to `timeoutMs`.
 * @template T
 * @param {string} lockDir
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withLock(lockDir, fn, timeoutMs = 15 * 60 * 1000) {
  await mkdir(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number(await readFile(join(lockDir, 'pid'), 'utf8').catch(() => ''));
      // No pid yet: the owner is between mkdir and writeFile, unless it died there; give it a moment.
      const stale = owner ? !isAlive(owner) : Date.now() - (await stat(lockDir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs > 10_000;
      if (stale) {
        await rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`withLock: ${lockDir} still held by process ${owner} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  packInstall()
    .then((project) => console.log(project.dir))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
