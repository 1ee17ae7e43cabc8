// Bundles <agent-chat> into one self-registering ES module for a script tag, and holds it to its budget.
import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { minify } from 'terser';
import { minifyTemplatesPlugin } from './build/minify-templates.mjs';
import { printReport } from './build/size-report.mjs';
import { bundledPackages, licenseBanner, licenseFile } from './build/third-party-licenses.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, 'dist/agent-chat.js');
/** Everything a script tag loads, gzip -9. */
const BUDGET_GZIP_BYTES = 40 * 1024;
/** Languages besides English: each its own module (dist/locales/<tag>.js), added by a page that wants it. */
const LOCALES = ['fr'];

const result = await build({
  entryPoints: [join(here, 'src/define.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  splitting: false,
  minify: true,
  target: 'es2022',
  platform: 'browser',
  sourcemap: false,
  // The notices go in one banner and a text file beside the bundle (build/third-party-licenses.mjs).
  legalComments: 'none',
  // streaming-markdown checks its own invariants with console.assert, which a shipped bundle does not need.
  pure: ['console.assert'],
  plugins: [minifyTemplatesPlugin()],
  metafile: true,
  // Written only after the checks below pass, so a failed build leaves no bundle behind to be served.
  write: false,
  logLevel: 'warning',
  // src/define.ts imports three modules first only to order the bundle (see there); they are not side effects.
  logOverride: { 'ignored-bare-import': 'silent' },
});

// The protocol's schemas are zod values; the element may take only its types. A value import would
// bring zod into every host page, so it fails the build rather than the budget.
// Metafile paths are relative to the working directory; made absolute so the checks don't depend on it.
const inputs = Object.keys(result.metafile.inputs).map((path) => resolve(path));
const zodInputs = inputs.filter((path) => /(^|[\\/])zod[\\/]/.test(path));
const protocolInputs = inputs.filter((path) => /packages[\\/]protocol[\\/]/.test(path));
if (zodInputs.length > 0 || protocolInputs.length > 0) {
  const shown = [...protocolInputs, ...zodInputs];
  console.error(`build: zod or protocol values reached the browser bundle (${zodInputs.length} zod files), e.g.:`);
  for (const path of shown.slice(0, 5)) console.error(`  ${path}`);
  console.error('build: import from @agent-chat/protocol with `import type` only.');
  process.exit(1);
}

// `--report`: what the bytes are, printed before the budget check so an over-budget build still shows them.
if (process.argv.includes('--report')) printReport(result.metafile);

const packages = await bundledPackages(result.metafile);

// terser after esbuild: its compressor finds what esbuild's single pass leaves (measured: 1.2 KB gzip less).
// Safe options only: no pure_getters (Lit reads layout properties for their side effects), no unsafe_*.
const compressed = await minify(result.outputFiles[0].text, {
  module: true,
  ecma: 2020,
  compress: { passes: 3, hoist_funs: true },
  mangle: true,
  format: { comments: false, preamble: licenseBanner(packages) },
});
const code = new TextEncoder().encode(compressed.code);
const gzipBytes = gzipSync(code, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`${relative(process.cwd(), outfile)}: ${kb(code.length)} minified, ${kb(gzipBytes)} gzip -9 (${gzipBytes} of ${BUDGET_GZIP_BYTES} bytes)`);
if (gzipBytes > BUDGET_GZIP_BYTES) {
  console.error(`build: the bundle is ${kb(gzipBytes - BUDGET_GZIP_BYTES)} over its gzip budget`);
  process.exit(1);
}
await mkdir(dirname(outfile), { recursive: true });
await writeFile(outfile, code);
await writeFile(join(here, 'dist/THIRD-PARTY-LICENSES.txt'), licenseFile(packages));

// A locale's module registers its table into the element's (through a global), so it needs no more than itself.
for (const locale of LOCALES) {
  await build({
    entryPoints: [join(here, `src/i18n/${locale}.ts`)],
    outfile: join(here, `dist/locales/${locale}.js`),
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    logLevel: 'warning',
  });
}
