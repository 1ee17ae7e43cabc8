import type { Plugin } from 'esbuild';

/** marked's source without its default instance, exporting `names` only; throws when marked's layout is not understood. */
export function markedLexerOnly(source: string, names: readonly string[]): string;
/** Throws when `cut` refers to a name that only marked's cut-off tail declared. */
export function checkCut(source: string, cut: string): Promise<void>;
/** The esbuild plugin: marked, as `markedLexerOnly` of `names`, checked. */
export function markedLexerOnlyPlugin(names: readonly string[]): Plugin;
