// The packaging checks fail on what they are for: a manifest naming files its tarball lacks (missingTargets), the
// repository-only condition left in a published manifest (publishedManifest), and errors that publint or attw
// report on a real tarball (lintTarball), while an ESM-only package without errors passes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTargets } from './manifest-targets.mjs';
import { lintFailures, lintTarball } from './package-lint.mjs';
import { SOURCE_CONDITION, publishedManifest } from './published-manifest.mjs';
import { run } from './run-command.mjs';

describe('missingTargets: the paths a manifest names that its tarball lacks', () => {
  const files = ['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/locales/fr.js', 'dist/lib/i18n/fr.js', 'custom-elements.json'];

  it('names each missing target with where the manifest names it, at any depth of exports', () => {
    const manifest = {
      main: './dist/main.js',
      types: './dist/index.d.ts',
      customElements: './custom-elements.json',
      exports: {
        '.': { [SOURCE_CONDITION]: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
        './locales/*': { node: ['./dist/locales/*.js', './dist/nowhere/*.js'] },
        './fallback': [{ import: './dist/gone.mjs' }, './dist/index.js'],
        './internal/*': null,
        './package.json': './package.json',
      },
      sideEffects: ['./dist/lib/i18n/*.js', './src/i18n/*.ts', '*.css'],
      bin: { tool: './bin/tool.js' },
    };
    expect(missingTargets(manifest, files)).toEqual([
      'exports["."]["agent-chat-source"]: ./src/index.ts',
      'exports["./locales/*"]["node"][1]: ./dist/nowhere/*.js',
      'exports["./fallback"][0]["import"]: ./dist/gone.mjs',
      'main: ./dist/main.js',
      'bin["tool"]: ./bin/tool.js',
      'sideEffects[1]: ./src/i18n/*.ts',
      'sideEffects[2]: *.css',
    ]);
  });

  it('finds nothing missing in a manifest that names only shipped files, given as npm lists them or as tar does', () => {
    const manifest = { types: './dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } }, sideEffects: ['**/fr.js'] };
    expect(missingTargets(manifest, files)).toEqual([]);
    expect(missingTargets(manifest, files.map((file) => `package/${file}`))).toEqual([]);
  });
});

describe('publishedManifest: what the repository manifest becomes in the tarball', () => {
  it('drops the source condition everywhere, sideEffects under ./src/ and the scripts; keeps the rest', () => {
    const repo = {
      name: '@agent-chat/x',
      scripts: { build: 'tsc -p tsconfig.build.json', prepublishOnly: 'node ../../scripts/refuse-folder-publish.mjs' },
      sideEffects: ['./dist/define.js', './src/define.ts'],
      exports: {
        '.': { [SOURCE_CONDITION]: './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
        './nested': { node: { [SOURCE_CONDITION]: './src/nested.ts', default: './dist/nested.js' } },
        './bundle.js': './dist/bundle.js',
      },
      dependencies: { zod: '~4.6.7' },
    };
    expect(publishedManifest(repo)).toEqual({
      name: '@agent-chat/x',
      sideEffects: ['./dist/define.js'],
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './nested': { node: { default: './dist/nested.js' } },
        './bundle.js': './dist/bundle.js',
      },
      dependencies: { zod: '~4.6.7' },
    });
    expect(repo.exports['.'], 'the input is left as it was').toHaveProperty(SOURCE_CONDITION);
  });
});

describe('lintTarball: publint and attw (esm-only) on a packed tarball', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-chat-lint-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Writes a package of `files` (package.json from `manifest`) and packs it; resolves with the tarball's path. */
  async function pack(name: string, manifest: Record<string, unknown>, files: Record<string, string>): Promise<string> {
    const folder = join(dir, name);
    for (const [path, text] of Object.entries({ ...files, 'package.json': JSON.stringify({ name, version: '1.0.0', ...manifest }) })) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    const [entry] = JSON.parse(await run(() => {}, 'npm', ['pack', '--json', '--pack-destination', dir], folder, 60_000)) as { filename: string }[];
    return join(dir, entry!.filename);
  }

  const typed = { 'index.js': 'export const answer = 42;\n', 'index.d.ts': 'export declare const answer: number;\n' };

  it('passes an ESM-only package whose every entry point has types (require() from CJS is out of the profile)', async () => {
    const tarball = await pack('lint-good', { type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }, typed);
    const results = await lintTarball(tarball);
    expect(results.map(({ tool, ok }) => [tool, ok])).toEqual([['publint', true], ['attw', true]]);
    expect(lintFailures('lint-good', results)).toEqual([]);
  }, 120_000);

  it('fails, with the tools’ reports, an entry point without types (attw) and an export of a file not shipped (publint)', async () => {
    const tarball = await pack(
      'lint-bad',
      {
        type: 'module',
        exports: { '.': { types: './index.d.ts', default: './index.js' }, './bundle.js': './bundle.js', './gone': './gone.js' },
      },
      { ...typed, 'bundle.js': 'export const bundled = true;\n' },
    );
    const results = await lintTarball(tarball);
    expect(results.map(({ tool, ok }) => [tool, ok])).toEqual([['publint', false], ['attw', false]]);
    const [publint, attw] = lintFailures('lint-bad', results);
    expect(publint).toMatch(/^lint-bad: publint reports errors:/);
    expect(publint).toContain('gone.js');
    expect(attw).toMatch(/^lint-bad: attw reports errors:/);
    expect(attw).toMatch(/"lint-bad\/bundle\.js"[\s\S]*No types/);
  }, 120_000);
});
