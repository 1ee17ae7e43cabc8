// A package bundled on its own first, then given to the main build as one module: for the MCP Apps bridge
// (@modelcontextprotocol/ext-apps/app-bridge, with the MCP SDK and zod under it), which only the MCP Apps chunk
// imports. Bundled with the rest, the helper esbuild writes for zod's namespaces was shared by every chunk and
// became a file of its own that every page loaded first (esbuild puts runtime helpers used by two chunks in a file
// all of them import); bundled alone, its helpers are ordinary code inside the one chunk that needs it.
import { build } from 'esbuild';

/**
 * The plugin that gives `specifier` as its prebundled code, and the prebundle's metafile once it is built (its
 * inputs name the packages it carries, for the licenses). `exclude`: packages the bundle never runs in a page,
 * resolved to an empty module. `external`: packages left as imports, for the main build to resolve to its own copy
 * (Lit, which a second copy in a page would define twice).
 */
export function prebundled(specifier, { exclude = [], external = [], resolveDir = process.cwd() } = {}) {
  let metafile = { inputs: {} };
  const namespace = 'prebundled';
  const plugin = {
    name: 'prebundled',
    setup(outer) {
      const exact = new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`);
      outer.onResolve({ filter: exact }, () => ({ path: specifier, namespace }));
      // Only its own path: every prebundle shares the namespace.
      outer.onLoad({ filter: exact, namespace }, async () => {
        const result = await build({
          stdin: { contents: `export * from ${JSON.stringify(specifier)};`, resolveDir, loader: 'js' },
          bundle: true,
          format: 'esm',
          platform: 'browser',
          target: outer.initialOptions.target,
          write: false,
          metafile: true,
          legalComments: 'none',
          logLevel: 'warning',
          external,
          plugins: [emptyModules(exclude)],
        });
        metafile = result.metafile;
        return { contents: result.outputFiles[0].text, loader: 'js', resolveDir };
      });
    },
  };
  return { plugin, metafile: () => metafile, key: `${namespace}:${specifier}` };
}

function emptyModules(names) {
  return {
    name: 'empty-modules',
    setup(build) {
      for (const name of names) build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: name, namespace: 'empty' }));
      build.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
}
