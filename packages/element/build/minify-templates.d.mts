import type { Plugin } from 'esbuild';

/** A css`` template's pieces (raw text between expressions), minified. */
export function minifyCss(pieces: string[]): string[];
/** An html`` or svg`` template's pieces (raw text between expressions), minified. */
export function minifyHtml(pieces: string[]): string[];
/** `source` with the literal parts of its css``, html`` and svg`` templates minified. */
export function minifyTemplates(source: string, fileName?: string): string;
/** The esbuild plugin that applies `minifyTemplates` to the project's own TypeScript. */
export function minifyTemplatesPlugin(): Plugin;
