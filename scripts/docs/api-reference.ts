// Generates the API reference (typedoc.json) into a folder and reads the result back: the pages, and what TypeDoc
// warned about. `npm run docs:api` writes docs/api; the test writes a temporary folder and compares.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface GeneratedReference {
  /** Each page's path relative to the output folder, with its text. */
  pages: Map<string, string>;
  warnings: string[];
  exitCode: number | null;
  output: string;
}

export function generateReference(root: string, outDir: string): GeneratedReference {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typedoc/bin/typedoc'), '--out', outDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  // A warning is one line, except the comment-parser's, which quote the source on the lines after.
  const warnings = output.split('\n').filter((line) => line.includes('[warning]') && !/Found \d+ errors? and \d+ warnings?/.test(line));
  return { pages: readPages(outDir), warnings, exitCode: result.status, output };
}

export function readPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (current: string) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else pages.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return pages;
}
