// The import rules (.dependency-cruiser.mjs, docs/architecture.md) fail on what they forbid: the repository's own
// config, run by dependency-cruiser's CLI as `npm run check:imports` runs it, on a small tree laid out like this
// repository with one violation of each rule beside imports the rules allow.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const FIXTURE: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module', workspaces: ['packages/*', 'examples'] }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, verbatimModuleSyntax: true } }),
  'node_modules/lit/package.json': JSON.stringify({ name: 'lit', type: 'module', exports: { '.': './index.js' } }),
  'node_modules/lit/index.js': 'export const html = () => undefined;\n',
  'packages/protocol/src/index.ts': "export type { Fork } from '../../server/src/branches.js';\n",
  // A cycle of types alone is still a cycle.
  'packages/server/package.json': JSON.stringify({ name: '@fixture/server', type: 'module', exports: { '.': { 'agent-chat-source': './src/index.ts' } } }),
  'packages/server/src/index.ts': "export { lazy } from './lazy.js';\n",
  'packages/server/src/session-record.ts': "import type { Fork } from './branches.js';\nexport interface SessionRecord { forks?: Fork[] }\n",
  'packages/server/src/branches.ts': "import type { SessionRecord } from './session-record.js';\nexport interface Fork { session?: SessionRecord }\n",
  // A cycle through import() only is a lazy reference, allowed.
  'packages/server/src/lazy.ts': "export const lazy = () => import('./lazy-back.js');\n",
  'packages/server/src/lazy-back.ts': "import { lazy } from './lazy.js';\nexport const again = lazy;\n",
  'packages/server/src/routes/messages-route.ts': 'export const route = 1;\n',
  'packages/server/src/model/model.ts': 'export interface Model { name: string }\n',
  'packages/server/src/model/anthropic/anthropic-model.ts': "import type { Model } from '../model.js';\nexport const anthropic: Model = { name: 'a' };\n",
  'packages/server/src/run/agent-loop.ts':
    "import type { Model } from '../model/model.js';\nimport { anthropic } from '../model/anthropic/anthropic-model.js';\nimport { route } from '../routes/messages-route.js';\nexport const loop: unknown[] = [anthropic satisfies Model, route];\n",
  'packages/server/src/store/memory-store.ts': "import type { Model } from '../model/model.js';\nexport const store: Model[] = [];\n",
  'packages/element/src/index.ts': "export type { SessionRecord } from '../../server/src/session-record.js';\n",
  'packages/element/src/agent-chat.ts': "import { features } from './features/registry.js';\nexport const shell = features;\n",
  'packages/element/src/element/launcher.ts': "import { composer } from '../features/composer/composer.js';\nimport { features } from '../features/registry.js';\nexport const launcher = [composer, features];\n",
  'packages/element/src/features/registry.ts': "export const features = () => import('./composer/composer.js');\n",
  'packages/element/src/features/composer/composer.ts': "import { chips } from './chips.js';\nexport const composer = chips;\n",
  'packages/element/src/features/composer/chips.ts': 'export const chips = 1;\n',
  'packages/element/src/features/threads/thread-list.ts':
    "import { shell } from '../../agent-chat.js';\nimport { composer } from '../composer/composer.js';\nimport { features } from '../registry.js';\nexport const threads = [shell, composer, features];\n",
  'packages/element/src/core/turns.ts':
    "import { html } from 'lit';\nimport { launcher } from '../element/launcher.js';\nimport { lex } from './markdown.js';\nexport const turns = [html, launcher, lex];\n",
  'packages/element/src/core/markdown.ts': 'export const lex = 1;\n',
  'examples/package.json': JSON.stringify({ name: 'fixture-examples', type: 'module' }),
  'examples/app.ts': "import { lazy } from '@fixture/server';\nimport { again } from '../packages/server/src/lazy-back.js';\nexport const app = [lazy, again];\n",
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/** A cycle is named by its modules: it is reported once, from whichever of them the cruise met first. */
function named(v: Violation): string {
  if (!v.cycle) return `${v.rule.name}: ${v.from} → ${v.to}`;
  const modules = new Set([v.from, ...v.cycle.map((m) => m.name)]);
  return `${v.rule.name}: ${[...modules].sort().join(' ⇄ ')}`;
}

let fixture: string;

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  // A workspace package is reached by its name through the link npm makes.
  mkdirSync(join(fixture, 'node_modules/@fixture'), { recursive: true });
  symlinkSync(join(fixture, 'packages/server'), join(fixture, 'node_modules/@fixture/server'), 'dir');
});

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

/** The CLI with the repository's config, on the fixture, as `npm run check:imports` runs it on the repository. */
function cruise(outputType: 'json' | 'err'): Promise<{ code: number | null; stdout: string }> {
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = [cli, '--config', join(root, '.dependency-cruiser.mjs'), '--output-type', outputType, 'packages', 'examples'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: fixture, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout });
    });
  });
}

describe('the import rules (.dependency-cruiser.mjs)', () => {
  it('report each forbidden import, and only those, and fail', async () => {
    // The JSON says what was found; the exit code of the `err` report (what `npm test` runs) says it fails.
    const [json, err] = await Promise.all([cruise('json'), cruise('err')]);
    const { summary } = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
    expect(summary.violations.map(named).sort()).toEqual(
      [
        'no-cycle: packages/server/src/branches.ts ⇄ packages/server/src/session-record.ts',
        'server-loop-knows-no-http: packages/server/src/run/agent-loop.ts → packages/server/src/routes/messages-route.ts',
        'server-loop-knows-no-provider: packages/server/src/run/agent-loop.ts → packages/server/src/model/anthropic/anthropic-model.ts',
        'server-store-knows-no-model: packages/server/src/store/memory-store.ts → packages/server/src/model/model.ts',
        'protocol-imports-nothing-of-ours: packages/protocol/src/index.ts → packages/server/src/branches.ts',
        'element-not-server: packages/element/src/index.ts → packages/server/src/session-record.ts',
        'examples-through-entry-points: examples/app.ts → packages/server/src/lazy-back.ts',
        'feature-not-shell: packages/element/src/features/threads/thread-list.ts → packages/element/src/agent-chat.ts',
        'feature-not-other-feature: packages/element/src/features/threads/thread-list.ts → packages/element/src/features/composer/composer.ts',
        'shell-not-feature: packages/element/src/element/launcher.ts → packages/element/src/features/composer/composer.ts',
        'core-is-plain-typescript: packages/element/src/core/turns.ts → node_modules/lit/index.js',
        'core-is-plain-typescript: packages/element/src/core/turns.ts → packages/element/src/element/launcher.ts',
      ].sort(),
    );
    expect(err.code).toBe(summary.violations.length);
  }, 60_000);

  it('excuse nothing: the repository is checked with no baseline of known violations', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['check:imports']).toMatch(/^depcruise --config \.dependency-cruiser\.mjs /);
    expect(scripts['check:imports']).not.toContain('--ignore-known');
    expect(existsSync(join(root, '.dependency-cruiser-known-violations.json'))).toBe(false);
  });
});
