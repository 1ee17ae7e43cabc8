import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const examplesDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** The examples' own source: servers and page scripts, not their tests. */
async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'test', '.data'].includes(entry.name)) files.push(...(await sourceFiles(path)));
    } else if (/\.(ts|tsx|vue|js|mjs|html)$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

describe('the examples use only the public API of the packages (issue #6)', () => {
  it('import each package by its published entry points, never a path inside it', async () => {
    const entryPoints = new Set([
      '@agent-chat/element',
      '@agent-chat/element/define',
      '@agent-chat/element/agent-chat.js',
      '@agent-chat/element/react',
      '@agent-chat/element/vue',
      '@agent-chat/protocol',
      '@agent-chat/server',
      '@agent-chat/server/file-store',
      '@agent-chat/server/mcp',
      '@agent-chat/server/testing',
    ]);
    // Each entry point is one the packages really export.
    for (const entry of entryPoints) expect(() => import.meta.resolve(entry), entry).not.toThrow();
    const files = await sourceFiles(examplesDir);
    expect(files.length).toBeGreaterThan(20);
    const offending: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const reachesIn = /(^|\/)packages\//.test(specifier!) || (specifier!.startsWith('@agent-chat/') && !entryPoints.has(specifier!));
        if (reachesIn) offending.push(`${relative(examplesDir, file)}: ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
