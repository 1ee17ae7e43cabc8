// Packs the three packages as they are published: each from a staged copy of what `npm pack` would take from its
// folder, with the manifest that names only shipped files (scripts/published-manifest.mjs), then checks that every
// path the packed manifest names is in its tarball. The packages' folders are never written to, so a pack that
// fails half way leaves nothing to undo, and tools reading the manifests meanwhile see them unchanged.
//
//   npm run pack:packages   (npm run build && node scripts/pack-packages.mjs [folder])
//     writes the tarballs to the folder (default .tmp/packages), linted by publint and attw: what `npm publish
//     <tarball>` releases. Publishing a package's folder is refused (its prepublishOnly), since its manifest
//     names the repository's sources.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingTargets } from './manifest-targets.mjs';
import { lintFailures, lintTarball } from './package-lint.mjs';
import { publishedManifest } from './published-manifest.mjs';
import { run } from './run-command.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** The published packages, by folder name under packages/. */
export const PACKAGES = ['protocol', 'server', 'element'];

/**
 * Packs every package into `dest`. Rejects, naming them, when a packed manifest names files its tarball lacks.
 * @param {string} dest
 * @param {(line: string) => void} log
 * @returns {Promise<Record<string, { tarball: string, files: string[] }>>} by folder name
 */
export async function packPackages(dest, log) {
  await mkdir(dest, { recursive: true });
  const stage = await mkdtemp(join(tmpdir(), 'agent-chat-stage-'));
  try {
    // npm's own list (files, .npmignore, README and LICENSE always), so the staged copy holds what npm would pack.
    const workspaces = PACKAGES.flatMap((name) => ['--workspace', `packages/${name}`]);
    const listed = JSON.parse(await run(log, 'npm', ['pack', '--dry-run', '--json', ...workspaces], root));
    const manifests = new Map();
    for (const entry of listed) {
      const name = shortName(entry.name);
      const source = join(root, 'packages', name);
      for (const { path } of entry.files) {
        if (path === 'package.json') continue;
        await mkdir(dirname(join(stage, name, path)), { recursive: true });
        await copyFile(join(source, path), join(stage, name, path));
      }
      const manifest = publishedManifest(JSON.parse(await readFile(join(source, 'package.json'), 'utf8')));
      await writeFile(join(stage, name, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      manifests.set(name, manifest);
    }
    const staged = PACKAGES.map((name) => join(stage, name));
    const packed = JSON.parse(await run(log, 'npm', ['pack', '--json', '--pack-destination', dest, ...staged], root));
    const result = {};
    const missing = [];
    for (const entry of packed) {
      const name = shortName(entry.name);
      const files = entry.files.map((file) => file.path);
      missing.push(...missingTargets(manifests.get(name), files).map((line) => `@agent-chat/${name}: ${line}`));
      result[name] = { tarball: join(dest, entry.filename), files };
    }
    if (missing.length > 0) throw new Error(`the packed manifests name files that their tarballs lack:\n${missing.join('\n')}`);
    return result;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** `@agent-chat/element` → `element`. */
function shortName(packageName) {
  return packageName.replace(/^@agent-chat\//, '');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dest = resolve(process.argv[2] ?? join(root, '.tmp', 'packages'));
  const log = (line) => console.error(`[pack-packages] ${line}`);
  try {
    const packed = await packPackages(dest, log);
    const failures = [];
    for (const [name, { tarball }] of Object.entries(packed)) failures.push(...lintFailures(`@agent-chat/${name}`, await lintTarball(tarball)));
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
    for (const { tarball } of Object.values(packed)) console.log(tarball);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
