import type { Plugin } from 'esbuild';
export declare const isHighlightCore: (path: string) => boolean;
export declare const highlightCoreAsModule: (source: string) => string;
export declare function highlightCorePlugin(): Plugin;
