// A bench server bundled into one plain JavaScript file, run by node without a TypeScript loader: tsx's loader
// thread and transforms add ~50 MB of RSS to a process, which would blur a memory comparison. Both servers of the
// side-by-side bench go through here alike (esbuild, every dependency inlined), so each is measured as it would
// run in production.
import { build } from 'esbuild';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `file` (of this folder, or an absolute path: the conformance suite's client command is bundled alike) into
 * `dir`, a temporary folder by default; returns the bundle's path, the file's name with `.mjs`.
 */
export async function bundleServer(file: string, dir?: string): Promise<string> {
  const outdir = dir ?? (await mkdtemp(join(tmpdir(), 'agent-chat-bench-')));
  const outfile = join(outdir, basename(file).replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [resolve(here, file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['agent-chat-source'],
    logLevel: 'error',
    // CommonJS dependencies inlined into an ES module still call require() for Node's own modules.
    banner: { js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);" },
  });
  return outfile;
}
