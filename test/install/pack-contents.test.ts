// What each package publishes, as `npm pack --dry-run` lists it: dist, README, LICENSE, package.json (and the
// element's custom-elements.json), never sources or tests.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packInstall, run } from '../../scripts/pack-install.mjs';
import { INSTALL_TIMEOUT_MS } from './support/installed-project.js';

const root = join(import.meta.dirname, '..', '..');

// Built (and packed) once for all install tests; the dry run below then lists a built package.
beforeAll(() => packInstall(), INSTALL_TIMEOUT_MS);

async function packedFiles(name: string): Promise<string[]> {
  const stdout = await run(() => {}, 'npm', ['pack', '--dry-run', '--json'], join(root, 'packages', name), 60_000);
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return report!.files.map((file) => file.path).sort();
}

const cases = [
  { name: 'protocol', extra: [] as string[], entries: ['dist/index.js', 'dist/index.d.ts'] },
  { name: 'server', extra: [], entries: ['dist/index.js', 'dist/index.d.ts', 'dist/file-store.js', 'dist/redis.js', 'dist/testing/index.js'] },
  { name: 'element', extra: ['custom-elements.json'], entries: ['dist/agent-chat.js', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/lib/define.js'] },
];

describe('npm pack --dry-run', () => {
  for (const { name, extra, entries } of cases) {
    it(`@agent-chat/${name} lists only dist/, README.md, LICENSE, package.json${extra.map((file) => `, ${file}`).join('')}`, async () => {
      const files = await packedFiles(name);
      const allowed = new Set(['README.md', 'LICENSE', 'package.json', ...extra]);
      expect(files.filter((path) => !path.startsWith('dist/') && !allowed.has(path)), 'files outside dist/ that are not allowed').toEqual([]);
      for (const required of [...allowed, ...entries]) expect(files, `@agent-chat/${name} must publish ${required}`).toContain(required);
      expect(files.filter((path) => /(^|\/)(test|tests|__tests__)\/|\.test\.[cm]?[jt]sx?$|\.tsbuildinfo$/.test(path)), 'test files or build leftovers').toEqual([]);
    });
  }
});
