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

export interface ChunkPlan {
  entry: string;
  files: { path: string; minified: number; gzip: number }[];
  firstLoad: FileSet;
  plainText: FileSet;
  lazy: LazyChunk[];
}

/** Sorts the built files into the first load, what a plain text conversation adds, and each lazy module's own. */
export function chunkPlan(files: BuiltFile[], options: { entry: string; plainText?: string[] }): ChunkPlan;
/** One line per file, then the totals each budget counts. */
export function printSizes(plan: ChunkPlan, options?: { cwd?: string; log?: (line: string) => void }): void;
/** The budgets a plan exceeds, in words; empty when it fits. */
export function checkBudgets(plan: ChunkPlan, budgets: { firstLoad: number; plainText: number }): string[];
