import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkBudgets, chunkPlan, printSizes } from './chunk-budget.mjs';

/** Code that gzips to a known size: random bytes do not compress, so each file's gzip size is its own. */
function code(bytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let state = seed;
  for (let i = 0; i < bytes; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}
const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

// The shape esbuild's splitting gives: the entry imports a shared chunk; a lazy module imports the shared chunk
// and one of its own (a chunk only it needs); a second lazy module that a plain text conversation loads too.
const entry = { path: 'agent-chat.js', code: code(3000, 1), entryPoint: '/p/src/define.ts', imports: [
  { path: 'chunks/chunk-shared.js', kind: 'import-statement' },
] };
const shared = { path: 'chunks/chunk-shared.js', code: code(5000, 2), imports: [
  { path: 'chunks/cards-1.js', kind: 'dynamic-import' },
  { path: 'chunks/markdown-1.js', kind: 'dynamic-import' },
] };
const cards = { path: 'chunks/cards-1.js', code: code(2000, 3), entryPoint: '/p/src/cards.ts', imports: [
  { path: 'chunks/chunk-shared.js', kind: 'import-statement' },
  { path: 'chunks/chunk-forms.js', kind: 'import-statement' },
] };
const forms = { path: 'chunks/chunk-forms.js', code: code(700, 4), imports: [] };
const markdown = { path: 'chunks/markdown-1.js', code: code(900, 5), entryPoint: '/p/src/markdown.ts', imports: [
  { path: 'chunks/chunk-shared.js', kind: 'import-statement' },
] };
const files = [entry, shared, cards, forms, markdown];

describe('the split bundle by when a page loads each file', () => {
  it('first load is the entry and its static imports; a lazy module adds what the first load lacks; each file gzipped alone', () => {
    const plan = chunkPlan(files, { entry: 'agent-chat.js' });
    expect(plan.firstLoad.files.sort()).toEqual(['agent-chat.js', 'chunks/chunk-shared.js']);
    expect(plan.firstLoad.gzip).toBe(gz(entry.code) + gz(shared.code));
    expect(plan.plainText).toEqual(plan.firstLoad);
    expect(plan.lazy.map((chunk) => [chunk.entryPoint, chunk.files.sort(), chunk.gzip])).toEqual([
      ['/p/src/cards.ts', ['chunks/cards-1.js', 'chunks/chunk-forms.js'], gz(cards.code) + gz(forms.code)],
      ['/p/src/markdown.ts', ['chunks/markdown-1.js'], gz(markdown.code)],
    ]);
  });

  it('a lazy module a plain text conversation loads counts in its total, not in the first load', () => {
    const plan = chunkPlan(files, { entry: 'agent-chat.js', plainText: ['/p/src/markdown.ts'] });
    expect(plan.plainText.gzip).toBe(plan.firstLoad.gzip + gz(markdown.code));
    expect(() => chunkPlan(files, { entry: 'agent-chat.js', plainText: ['/p/src/nowhere.ts'] })).toThrow(/no chunk is built from it/);
  });

  it('fails each budget on its own, in words, and prints every file with when it loads', () => {
    const plan = chunkPlan(files, { entry: 'agent-chat.js', plainText: ['/p/src/markdown.ts'] });
    expect(checkBudgets(plan, { firstLoad: plan.firstLoad.gzip, plainText: plan.plainText.gzip })).toEqual([]);
    const over = checkBudgets(plan, { firstLoad: plan.firstLoad.gzip - 1, plainText: plan.plainText.gzip - 1 });
    expect(over).toHaveLength(2);
    expect(over[0]).toMatch(/^the first load is 0\.0 KB over its budget/);
    expect(over[1]).toMatch(/^a plain text conversation is 0\.0 KB over its budget/);

    const lines: string[] = [];
    printSizes(plan, { cwd: 'dist', log: (line: string) => lines.push(line) });
    expect(lines.find((line) => line.startsWith('dist/agent-chat.js '))).toMatch(/the entry$/);
    expect(lines.find((line) => line.startsWith('dist/chunks/chunk-shared.js '))).toMatch(/loads with the entry$/);
    expect(lines.find((line) => line.startsWith('dist/chunks/chunk-forms.js '))).toMatch(/on first use of src\/cards\.ts$/);
    expect(lines).toContain(`src/cards.ts, loaded on first use: ${gz(cards.code) + gz(forms.code)} bytes gzip -9 more (2 files)`);
  });

  it('refuses a plan whose entry or an import of it was not built', () => {
    expect(() => chunkPlan([shared], { entry: 'agent-chat.js' })).toThrow(/no agent-chat\.js/);
    expect(() => chunkPlan([entry], { entry: 'agent-chat.js' })).toThrow(/imports chunks\/chunk-shared\.js, which was not built/);
  });
});
