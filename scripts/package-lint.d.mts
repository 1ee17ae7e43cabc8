export interface LintResult {
  tool: 'publint' | 'attw';
  /** The tool's own verdict: it exited 0. */
  ok: boolean;
  /** What it printed. */
  output: string;
}
/** publint and attw (profile esm-only) on one packed tarball; rejects when a tool could not run at all. */
export function lintTarball(tarball: string): Promise<LintResult[]>;
/** For each failing tool, `name: tool reports errors:` and its report; empty when every tool passed. */
export function lintFailures(name: string, results: readonly LintResult[]): string[];
