// The server's core entry, as built and installed, imports no Node built-in anywhere in its graph: what keeps it
// loadable on Workers, Deno and in bundles for the edge. The file-store entry is the one allowed to (node:fs).
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packInstall } from '../../scripts/pack-install.mjs';
import { INSTALL_TIMEOUT_MS } from './support/installed-project.js';

let project: string;
beforeAll(async () => {
  ({ dir: project } = await packInstall());
}, INSTALL_TIMEOUT_MS);

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/**
 * Every import specifier the graph from `entry` reaches: our packages' files are followed (relative imports and
 * @agent-chat/*), anything else is recorded and left out, so this checks our code, not our dependencies'.
 */
async function importsReachedFrom(entry: string): Promise<{ files: string[]; external: string[] }> {
  const external = new Set<string>();
  const recordOthers: Plugin = {
    name: 'record-others',
    setup(plugin) {
      plugin.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@agent-chat/')) return undefined;
        external.add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    absWorkingDir: project,
    plugins: [recordOthers],
    logLevel: 'silent',
  });
  return { files: Object.keys(result.metafile.inputs), external: [...external].sort() };
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

async function declaredDependencies(packages: readonly string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const name of packages) {
    const manifest = JSON.parse(await readFile(join(project, 'node_modules/@agent-chat', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) names.add(dependency);
  }
  return names;
}

describe("the built server's core entry graph", () => {
  it('dist/index.js reaches no node: import and no Node built-in, through our packages', async () => {
    const { files, external } = await importsReachedFrom(join(project, 'node_modules/@agent-chat/server/dist/index.js'));
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((file) => file.includes('@agent-chat/protocol/dist/'))).toBe(true);
    expect(files.filter((file) => file.includes('file-store'))).toEqual([]);
    expect(external.filter((path) => builtins.has(path))).toEqual([]);
    // What it does import from outside are packages the server or the protocol declares as dependencies.
    const declared = await declaredDependencies(['server', 'protocol']);
    expect(external.map(packageName).filter((name) => !declared.has(name))).toEqual([]);
  });

  it('the check sees a Node built-in where there is one: dist/file-store.js reaches node:fs', async () => {
    const { external } = await importsReachedFrom(join(project, 'node_modules/@agent-chat/server/dist/file-store.js'));
    expect(external.filter((path) => builtins.has(path))).toContain('node:fs/promises');
  });
});
