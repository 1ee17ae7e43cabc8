import type { Plugin } from 'esbuild';

/** marked's source without its default instance, exporting `names` only; throws when marked's layout is not understood. */
export function markedLexerOnly(source: string, names: readonly string[]): string;
/** The esbuild plugin: marked, as `markedLexerOnly` of `names`. */
export function markedLexerOnlyPlugin(names: readonly string[]): Plugin;
