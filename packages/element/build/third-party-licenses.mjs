// The bundle's third-party notices: one short banner in the script (what a reader of the file needs to find
// them) and the full license texts in dist/THIRD-PARTY-LICENSES.txt. esbuild's `legalComments: 'eof'` repeated
// every file's header (1.3 KB, 0.3 KB gzip) inside the budget.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The packages (name, version, license, license text) that `metafile`'s inputs come from. Its paths are relative
 * to the directory esbuild ran in, `root`.
 */
export async function bundledPackages(metafile, root = process.cwd()) {
  const roots = new Set();
  for (const path of Object.keys(metafile.inputs)) {
    const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(resolve(root, path));
    if (match) roots.add(match[1]);
  }
  const packages = [];
  for (const root of [...roots].sort()) {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const text = await readLicense(root);
    packages.push({ name: manifest.name, version: manifest.version, license: manifest.license, text });
  }
  return packages;
}

async function readLicense(root) {
  for (const name of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'license.md']) {
    try {
      return (await readFile(join(root, name), 'utf8')).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error(`build: no license file in ${root}; the bundle can't ship its notice`);
}

/**
 * `/*! … *\/`: the packages by license, and where their versions and full texts are: `licensePath`, relative
 * to the file the banner heads (a chunk in dist/chunks/ says `../THIRD-PARTY-LICENSES.txt`).
 */
export function licenseBanner(packages, licensePath = 'THIRD-PARTY-LICENSES.txt') {
  const byLicense = new Map();
  for (const p of packages) byLicense.set(p.license, [...(byLicense.get(p.license) ?? []), p.name]);
  const list = [...byLicense].map(([license, names]) => `${names.join(', ')} (${license})`).join('; ');
  return `/*! <agent-chat> bundles ${list}. ${licensePath} */\n`;
}

export function licenseFile(packages) {
  return packages.map((p) => `${p.name}@${p.version} — ${p.license}\n\n${p.text}\n`).join('\n' + '-'.repeat(72) + '\n\n');
}

