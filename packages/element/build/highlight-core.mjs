// highlight.js ships its core as CommonJS only (`lib/core.js`, no require() in it); its ES entry (`es/core.js`)
// re-exports that file. Read as CommonJS, it costs the bundle esbuild's interop helpers, which esbuild shares with
// the shell in a file of their own that every page then loads first (+0.4 KB on the first paint, measured), and a
// browser cannot import it at all (the test server). So both read it as the module it is: its one export.

/** Whether `path` is highlight.js's CommonJS core. */
export const isHighlightCore = (path) => /[\\/]highlight\.js[\\/]lib[\\/]core\.js$/.test(path);

/** The core's source as an ES module whose default export is what the file puts on module.exports. */
export const highlightCoreAsModule = (source) => `const module = { exports: {} };\n${source}\nexport default module.exports;\n`;

/** The same for esbuild (build.mjs, the benches). */
export function highlightCorePlugin() {
  return {
    name: 'highlight-core',
    setup(build) {
      build.onLoad({ filter: /[\\/]highlight\.js[\\/]lib[\\/]core\.js$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        return { contents: highlightCoreAsModule(await readFile(args.path, 'utf8')), loader: 'js' };
      });
    },
  };
}
