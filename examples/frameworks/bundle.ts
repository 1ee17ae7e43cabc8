import { build, type Plugin } from 'esbuild';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vue from 'unplugin-vue/esbuild';

export type Framework = 'react' | 'vue';

const here = dirname(fileURLToPath(import.meta.url));
const entries: Record<Framework, string> = { react: join(here, 'react/main.tsx'), vue: join(here, 'vue/main.ts') };

export interface PageBundle {
  code: string;
  /** Every file the bundle was made from, absolute. */
  inputs: string[];
}

/**
 * Bundle one framework page as an integrator's bundler would: React or Vue from node_modules, the element from
 * `@agent-chat/element` (the module entry, which registers nothing: the page calls defineAgentChat()). Inside this
 * repository the `agent-chat-source` condition resolves the packages to their TypeScript source, as the demo server
 * does; development builds of React and Vue, so their warnings reach the console (the tests fail on any).
 */
export async function bundlePage(framework: Framework): Promise<PageBundle> {
  const plugins: Plugin[] =
    framework === 'vue'
      ? [vue({ template: { compilerOptions: { isCustomElement: (tag: string) => tag === 'agent-chat' } } }) as Plugin]
      : [];
  const result = await build({
    entryPoints: [entries[framework]],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['agent-chat-source'],
    define: {
      'process.env.NODE_ENV': '"development"',
      // Vue's esm-bundler build asks the bundler for these flags.
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    plugins,
    write: false,
    metafile: true,
    // The metafile's paths are relative to this folder, whatever the server's working directory.
    absWorkingDir: here,
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles[0]!.text,
    inputs: Object.keys(result.metafile.inputs)
      .filter((path) => !path.includes(':'))
      .map((path) => resolve(here, path)),
  };
}

/** Whether any of a bundle's own files (not node_modules) changed since it was built. */
export async function isStale(bundle: PageBundle, builtAt: number): Promise<boolean> {
  const own = bundle.inputs.filter((path) => !/[\\/]node_modules[\\/]/.test(path));
  const times = await Promise.all(own.map((path) => stat(path).then((info) => info.mtimeMs, () => Infinity)));
  return times.some((mtime) => mtime > builtAt);
}
