/** One file the build writes: its path and its imports' relative to dist/, and the source it was built from if an entry. */
export interface BuiltFile {
  path: string;
  code: Uint8Array;
  imports: { path: string; kind: string }[];
  entryPoint?: string;
}

export interface FileSet {
  files: string[];
  /** The sum of each file's gzip -9 size. */
  gzip: number;
}

export interface LazyChunk extends FileSet {
  /** The lazily imported source module. */
  entryPoint: string;
  path: string;
}

/** What a layout loads: lazily imported source modules (absolute paths). */
export interface Layout {
  /** Loaded before the layout paints; left out for a layout that shows nothing before its conversation. */
  paint?: string[];
  /** Its own first-paint budget, instead of the one every layout is held to. */
  paintBudget?: number;
  /** Loaded besides for a plain text conversation. */
  plainText?: string[];
}

export interface LayoutPlan {
  name: string;
  /** The first load and what the layout loads before it paints. */
  paint: FileSet | undefined;
  paintBudget: number | undefined;
  /** Everything a plain text conversation in the layout loads. */
  plainText: FileSet;
}

export interface ChunkPlan {
  entry: string;
  files: { path: string; minified: number; gzip: number }[];
  firstLoad: FileSet;
  lazy: LazyChunk[];
  layouts: LayoutPlan[];
}

/** Sorts the built files into the first load, each lazy module's own, and what each layout loads to paint and to converse. */
export function chunkPlan(files: BuiltFile[], options: { entry: string; layouts?: Record<string, Layout> }): ChunkPlan;
/** One line per file, then the first load, each lazy module, and one line per layout (with its budgets, when given). */
export function printSizes(
  plan: ChunkPlan,
  options?: { cwd?: string; log?: (line: string) => void; budgets?: { firstLoad: number; plainText: number } },
): void;
/** The budgets a plan exceeds, in words; empty when it fits. */
export function checkBudgets(plan: ChunkPlan, budgets: { firstLoad: number; plainText: number }): string[];
