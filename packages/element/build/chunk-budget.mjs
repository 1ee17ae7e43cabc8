// What each file of the split bundle costs a page, and when the page pays it. A browser fetches the entry, then
// every chunk it imports statically (the first load); a dynamic import() fetches its chunk, and whatever that
// imports beyond the first load, when the code first runs it. Each file is gzipped on its own, as a server sends it.
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ path: string, code: Uint8Array, imports: { path: string, kind: string }[], entryPoint?: string }} BuiltFile
 *   `path` and each import's path relative to dist/; `entryPoint` the absolute source path of an entry or a
 *   lazily imported module.
 */

/**
 * @typedef {{ paint?: string[], paintBudget?: number, plainText?: string[] }} Layout
 *   The lazily imported source modules (absolute paths) a layout loads before it paints (`paint`; leave it out for
 *   a layout that shows nothing before its conversation), held to `paintBudget` if it has its own, and what a
 *   plain text conversation in it loads besides.
 */

/**
 * Sorts the built files into the first load (the entry and its static imports), each lazy module's own files,
 * and, per layout, what the page loads before it paints and for a plain text conversation.
 * @param {BuiltFile[]} files
 * @param {{ entry: string, layouts?: Record<string, Layout> }} options
 */
export function chunkPlan(files, { entry, layouts = {} }) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  if (!byPath.has(entry)) throw new Error(`build: no ${entry} among the built files`);
  const gzip = new Map(files.map((file) => [file.path, gzipSync(file.code, { level: 9 }).length]));
  const sum = (paths) => [...paths].reduce((total, path) => total + gzip.get(path), 0);
  const fileSet = (paths) => ({ files: [...paths], gzip: sum(paths) });

  /** A file and everything it imports statically, transitively: what the browser fetches before running it. */
  const closure = (start) => {
    const seen = new Set();
    const visit = (path) => {
      if (seen.has(path)) return;
      const file = byPath.get(path);
      if (!file) throw new Error(`build: ${start} imports ${path}, which was not built`);
      seen.add(path);
      for (const imported of file.imports) if (imported.kind === 'import-statement') visit(imported.path);
    };
    visit(start);
    return seen;
  };

  const firstLoad = closure(entry);
  const lazy = files
    .filter((file) => file.entryPoint !== undefined && file.path !== entry)
    .map((file) => {
      const paths = [...closure(file.path)].filter((path) => !firstLoad.has(path));
      return { entryPoint: file.entryPoint, path: file.path, ...fileSet(paths) };
    });
  /** The first load and the files of each lazy module named. */
  const withModules = (modules, name) => {
    const paths = new Set(firstLoad);
    for (const module of modules) {
      const chunk = lazy.find((candidate) => candidate.entryPoint === module);
      if (!chunk) throw new Error(`build: the ${name} layout loads ${module}, but no chunk is built from it`);
      for (const path of chunk.files) paths.add(path);
    }
    return paths;
  };
  return {
    entry,
    files: files.map((file) => ({ path: file.path, minified: file.code.length, gzip: gzip.get(file.path) })),
    firstLoad: fileSet(firstLoad),
    lazy,
    layouts: Object.entries(layouts).map(([name, layout]) => ({
      name,
      paint: layout.paint ? fileSet(withModules(layout.paint, name)) : undefined,
      paintBudget: layout.paintBudget,
      plainText: fileSet(withModules([...(layout.paint ?? []), ...(layout.plainText ?? [])], name)),
    })),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const fileCount = (count) => `${count} file${count === 1 ? '' : 's'}`;

/**
 * One line per file (when it loads, minified and gzip -9 bytes), then the totals each budget counts: per layout, its
 * first paint and its plain text conversation, each with its budget when `budgets` are given.
 */
export function printSizes(plan, { cwd = 'dist', log = console.log, budgets } = {}) {
  const when = (path) => {
    if (path === plan.entry) return 'the entry';
    if (plan.firstLoad.files.includes(path)) return 'loads with the entry';
    const owners = plan.lazy.filter((chunk) => chunk.files.includes(path)).map((chunk) => chunk.entryPoint);
    return `on first use of ${owners.map(shortSource).join(', ')}`;
  };
  const width = Math.max(...plan.files.map((file) => file.path.length)) + cwd.length + 1;
  for (const file of plan.files) {
    log(`${`${cwd}/${file.path}`.padEnd(width)}  ${kb(file.minified).padStart(8)} minified  ${String(file.gzip).padStart(6)} B gzip -9  ${when(file.path)}`);
  }
  log(`first load (the entry and its static imports, ${fileCount(plan.firstLoad.files.length)}): ${plan.firstLoad.gzip} bytes gzip -9`);
  for (const chunk of plan.lazy) {
    log(`${shortSource(chunk.entryPoint)}, loaded on first use: ${chunk.gzip} bytes gzip -9 more (${fileCount(chunk.files.length)})`);
  }
  const of = (budget) => (budget === undefined ? '' : ` of ${budget}`);
  for (const layout of plan.layouts) {
    const paint = layout.paint
      ? `first paint ${layout.paint.gzip}${of(budgets && (layout.paintBudget ?? budgets.firstLoad))} bytes gzip -9 (${fileCount(layout.paint.files.length)})`
      : 'paints with its conversation';
    const plainText = `${layout.plainText.gzip}${of(budgets?.plainText)} bytes gzip -9 (${fileCount(layout.plainText.files.length)})`;
    log(`${layout.name}: ${paint}; a plain text conversation ${plainText}`);
  }
}

/**
 * The budgets a plan exceeds, in words; empty when it fits. `firstLoad` holds each layout's first paint, but for a
 * layout with a `paintBudget` of its own; `plainText` each layout's plain text conversation.
 */
export function checkBudgets(plan, { firstLoad, plainText }) {
  const over = [];
  for (const layout of plan.layouts) {
    const paintBudget = layout.paintBudget ?? firstLoad;
    if (layout.paint && layout.paint.gzip > paintBudget) {
      over.push(`the ${layout.name} layout's first paint is ${kb(layout.paint.gzip - paintBudget)} over its budget (${layout.paint.gzip} of ${paintBudget} bytes gzip -9)`);
    }
    if (layout.plainText.gzip > plainText) {
      over.push(`a plain text conversation in the ${layout.name} layout is ${kb(layout.plainText.gzip - plainText)} over its budget (${layout.plainText.gzip} of ${plainText} bytes gzip -9)`);
    }
  }
  return over;
}

/** `/…/packages/element/src/cards.ts` → `src/cards.ts`. */
function shortSource(path) {
  const at = path.replaceAll('\\', '/').lastIndexOf('/src/');
  return at >= 0 ? path.slice(at + 1).replaceAll('\\', '/') : path;
}
