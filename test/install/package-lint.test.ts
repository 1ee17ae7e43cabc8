// The packed tarballs as npm publishes them: publint and @arethetypeswrong/cli (profile esm-only) find no error,
// and each installed package.json names only files the package ships, never the repository's TypeScript sources.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { missingTargets } from '../../scripts/manifest-targets.mjs';
import { packInstall, type InstalledProject } from '../../scripts/pack-install.mjs';
import { lintFailures, lintTarball } from '../../scripts/package-lint.mjs';
import { SOURCE_CONDITION } from '../../scripts/published-manifest.mjs';
import { INSTALL_TIMEOUT_MS } from './support/installed-project.js';

let project: InstalledProject;
beforeAll(async () => {
  project = await packInstall();
}, INSTALL_TIMEOUT_MS);

/** The files of an installed package (its tarball's contents), relative to its folder. */
async function installedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .filter((path) => !path.startsWith('node_modules/'));
}

describe.each(['protocol', 'server', 'element'] as const)('@agent-chat/%s as published', (name) => {
  it('passes publint and attw --profile esm-only', async () => {
    expect(lintFailures(`@agent-chat/${name}`, await lintTarball(project.tarballs[name])).join('\n\n')).toBe('');
  }, 180_000);

  it('names only files it ships: every exports target, types, sideEffects; no source condition', async () => {
    const dir = join(project.dir, 'node_modules', '@agent-chat', name);
    const text = await readFile(join(dir, 'package.json'), 'utf8');
    expect(missingTargets(JSON.parse(text) as Record<string, unknown>, await installedFiles(dir))).toEqual([]);
    expect(text).not.toContain(SOURCE_CONDITION);
  });
});
