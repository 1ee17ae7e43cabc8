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

// Two layouts, as build.mjs names them: one paints with the first load alone and loads a frame for its
// conversation; the other paints with its frame, under a budget of its own.
const frame = { path: 'chunks/frame-1.js', code: code(400, 6), entryPoint: '/p/src/frame.ts', imports: [
  { path: 'chunks/chunk-shared.js', kind: 'import-statement' },
] };
const withFrame = [...files, frame];
const layouts = {
  launcher: { paint: [], plainText: ['/p/src/frame.ts', '/p/src/markdown.ts'] },
  framed: { paint: ['/p/src/frame.ts'], paintBudget: 100_000, plainText: ['/p/src/markdown.ts'] },
  later: { plainText: ['/p/src/markdown.ts'] },
};

describe('the split bundle by when a page loads each file', () => {
  it('first load is the entry and its static imports; a lazy module adds what the first load lacks; each file gzipped alone', () => {
    const plan = chunkPlan(files, { entry: 'agent-chat.js' });
    expect(plan.firstLoad.files.sort()).toEqual(['agent-chat.js', 'chunks/chunk-shared.js']);
    expect(plan.firstLoad.gzip).toBe(gz(entry.code) + gz(shared.code));
    expect(plan.layouts).toEqual([]);
    expect(plan.lazy.map((chunk) => [chunk.entryPoint, chunk.files.sort(), chunk.gzip])).toEqual([
      ['/p/src/cards.ts', ['chunks/cards-1.js', 'chunks/chunk-forms.js'], gz(cards.code) + gz(forms.code)],
      ['/p/src/markdown.ts', ['chunks/markdown-1.js'], gz(markdown.code)],
    ]);
  });

  it('each layout: its first paint is the first load and what it paints with; its plain text conversation adds the rest', () => {
    const plan = chunkPlan(withFrame, { entry: 'agent-chat.js', layouts });
    const [launcher, framed, later] = plan.layouts;
    expect(launcher!.name).toBe('launcher');
    expect(launcher!.paint).toEqual(plan.firstLoad);
    expect(launcher!.plainText.gzip).toBe(plan.firstLoad.gzip + gz(frame.code) + gz(markdown.code));
    expect(framed!.paint!.gzip).toBe(plan.firstLoad.gzip + gz(frame.code));
    expect(framed!.paintBudget).toBe(100_000);
    expect(framed!.plainText.gzip, 'what it painted with, counted once').toBe(launcher!.plainText.gzip);
    expect(later!.paint, 'a layout that paints with its conversation').toBe(undefined);
    expect(later!.plainText.gzip).toBe(plan.firstLoad.gzip + gz(markdown.code));
    expect(() => chunkPlan(files, { entry: 'agent-chat.js', layouts: { lost: { plainText: ['/p/src/nowhere.ts'] } } })).toThrow(
      /the lost layout loads \/p\/src\/nowhere\.ts, but no chunk is built from it/,
    );
  });

  it('fails each budget of each layout on its own, in words, and prints every file with when it loads', () => {
    const plan = chunkPlan(withFrame, { entry: 'agent-chat.js', layouts });
    const [launcher, framed] = plan.layouts;
    expect(checkBudgets(plan, { firstLoad: launcher!.paint!.gzip, plainText: launcher!.plainText.gzip })).toEqual([]);
    const over = checkBudgets(plan, { firstLoad: launcher!.paint!.gzip - 1, plainText: framed!.plainText.gzip - 1 });
    expect(over).toEqual([
      expect.stringMatching(/^the launcher layout's first paint is 0\.0 KB over its budget/),
      expect.stringMatching(/^a plain text conversation in the launcher layout is 0\.0 KB over its budget/),
      // The framed layout's first paint is held to its own budget, which it fits.
      expect.stringMatching(/^a plain text conversation in the framed layout is 0\.0 KB over its budget/),
    ]);
    const tight = chunkPlan(withFrame, { entry: 'agent-chat.js', layouts: { framed: { ...layouts.framed, paintBudget: framed!.paint!.gzip - 1 } } });
    expect(checkBudgets(tight, { firstLoad: 100_000, plainText: 100_000 })).toEqual([
      expect.stringMatching(/^the framed layout's first paint is 0\.0 KB over its budget \(\d+ of \d+ bytes gzip -9\)$/),
    ]);

    const lines: string[] = [];
    printSizes(plan, { cwd: 'dist', log: (line: string) => lines.push(line) });
    expect(lines.find((line) => line.startsWith('dist/agent-chat.js '))).toMatch(/the entry$/);
    expect(lines.find((line) => line.startsWith('dist/chunks/chunk-shared.js '))).toMatch(/loads with the entry$/);
    expect(lines.find((line) => line.startsWith('dist/chunks/chunk-forms.js '))).toMatch(/on first use of src\/cards\.ts$/);
    expect(lines).toContain(`src/cards.ts, loaded on first use: ${gz(cards.code) + gz(forms.code)} bytes gzip -9 more (2 files)`);
    expect(lines).toContain(
      `framed: first paint ${framed!.paint!.gzip} bytes gzip -9 (3 files); a plain text conversation ${framed!.plainText.gzip} bytes gzip -9 (4 files)`,
    );
    expect(lines).toContain(`later: paints with its conversation; a plain text conversation ${plan.layouts[2]!.plainText.gzip} bytes gzip -9 (3 files)`);
  });

  it('prints each layout with the budgets it is held to, when given: its own first paint budget before the shared one', () => {
    const plan = chunkPlan(withFrame, { entry: 'agent-chat.js', layouts });
    const [launcher, framed, later] = plan.layouts;
    const lines: string[] = [];
    printSizes(plan, { log: (line: string) => lines.push(line), budgets: { firstLoad: 13_312, plainText: 57_344 } });
    expect(lines.slice(-3)).toEqual([
      `launcher: first paint ${launcher!.paint!.gzip} of 13312 bytes gzip -9 (2 files); a plain text conversation ${launcher!.plainText.gzip} of 57344 bytes gzip -9 (4 files)`,
      `framed: first paint ${framed!.paint!.gzip} of 100000 bytes gzip -9 (3 files); a plain text conversation ${framed!.plainText.gzip} of 57344 bytes gzip -9 (4 files)`,
      `later: paints with its conversation; a plain text conversation ${later!.plainText.gzip} of 57344 bytes gzip -9 (3 files)`,
    ]);
  });

  it('refuses a plan whose entry or an import of it was not built', () => {
    expect(() => chunkPlan([shared], { entry: 'agent-chat.js' })).toThrow(/no agent-chat\.js/);
    expect(() => chunkPlan([entry], { entry: 'agent-chat.js' })).toThrow(/imports chunks\/chunk-shared\.js, which was not built/);
  });
});
