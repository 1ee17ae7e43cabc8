// The installed server as a Workers module: esbuild bundles `export default { fetch: app.fetch }` from the
// project's node_modules for a platform without Node built-ins, as wrangler bundles a worker, and Cloudflare's
// workerd (from the `workerd` npm package) serves it. A `node:` import anywhere in what the core reaches fails
// the bundle (dependencies may swap theirs out through package.json's `browser` field, as @anthropic-ai/sdk does).
import { build, type Metafile } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, stopAllChildServers } from './support/child-server.js';
import { INSTALL_TIMEOUT_MS, TEST_TIMEOUT_MS, installedFixture } from './support/installed-project.js';
import { runtimeOrSkip } from './support/runtime-or-skip.js';
import { expectScriptedTurn, runScriptedTurn } from './support/scripted-turn.js';

let app: string;
let project: string;
let workerd: { path: string; version: string } | undefined;
beforeAll(async () => {
  workerd = await runtimeOrSkip('workerd');
  ({ dir: app, project } = await installedFixture('app', 'workerd-app'));
}, INSTALL_TIMEOUT_MS);
afterAll(stopAllChildServers);

/** Bundles worker.mjs as wrangler does for workerd: browser platform (no Node built-ins), the workerd/worker conditions. */
async function bundleWorker(): Promise<{ metafile: Metafile; code: string }> {
  const outfile = join(app, 'worker.bundle.js');
  const result = await build({
    entryPoints: [join(app, 'worker.mjs')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    // The runtime's own modules, as wrangler leaves them.
    external: ['cloudflare:*'],
    metafile: true,
    logLevel: 'silent',
  });
  return { metafile: result.metafile, code: await readFile(outfile, 'utf8') };
}

describe('the installed server as a Workers fetch handler', () => {
  it('bundles for a platform without Node built-ins: no node: import, nothing from this workspace', async () => {
    const { metafile, code } = await bundleWorker();
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((entry) => entry.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|\brequire\(\s*["']node:/);
    const inputs = Object.keys(metafile.inputs).map((input) => relative(project, join(process.cwd(), input)));
    expect(inputs.filter((input) => input.startsWith('..'))).toEqual([]);
    expect(inputs).toContain('node_modules/@agent-chat/server/dist/index.js');
  }, TEST_TIMEOUT_MS);

  it('streams a scripted turn with a tool call over HTTP from workerd', async ({ skip }) => {
    if (!workerd) return skip('workerd cannot run here (the reason is printed above)');
    await bundleWorker();
    const server = await startChildServer(workerd.path, ['serve', 'workerd.capnp', '--control-fd=3'], {
      cwd: app,
      ready: 'workerd-control-fd',
    });
    try {
      expectScriptedTurn(await runScriptedTurn(server.url, 'installed-workerd'), 'workerd');
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- workerd's output ---\n${server.output()}`, { cause: error });
    } finally {
      await server.stop();
    }
  }, TEST_TIMEOUT_MS);
});
