// Bundles <agent-chat> for a script tag: one self-registering ES module (dist/agent-chat.js) and the chunks it
// imports (dist/chunks/), held per layout to the budgets below.
import { build } from 'esbuild';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { chunkPlan, checkBudgets, printSizes } from './build/chunk-budget.mjs';
import { highlightCorePlugin } from './build/highlight-core.mjs';
import { markedLexerOnlyPlugin } from './build/marked-lexer-only.mjs';
import { minifyTemplatesPlugin } from './build/minify-templates.mjs';
import { prebundled } from './build/prebundled.mjs';
import { printReport } from './build/size-report.mjs';
import { bundledPackages, licenseBanner, licenseFile } from './build/third-party-licenses.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');
/** The one file a host's script tag names; everything else is found relative to it. */
const ENTRY = 'agent-chat';
// The two budgets (issue 32) are guards against regressions, not targets: no change may make the code less clear
// to fit them, and the room they leave is for clear code, not for the next squeeze. A change that crosses one is
// looked at for what grew, and the budget is decided anew if what grew is worth it.
/**
 * gzip -9 bytes. What a page loads before its launcher (floating, narrow), its empty panel (inline) or its docked
 * panel's stand-in paints: issue 18's first paint, in every layout.
 */
const FIRST_PAINT_BUDGET = 13 * 1024;
/**
 * gzip -9 bytes. What a plain text conversation (shell, frame, conversation, markdown, composer) loads in all, in
 * every layout, the conformant markdown parser included (issue 19: marked's lexer, about 12 KB of it; see
 * docs/markdown.md).
 */
const PLAIN_TEXT_BUDGET = 56 * 1024;
/**
 * The lazily imported modules (src/…) a conversation loads: its parts (list, turns, markdown, composer) and the
 * shell's side, and beside them the one that asks for the history meanwhile.
 */
const CONVERSATION = ['src/chunks/conversation-parts.ts', 'src/chunks/early-history.ts'];
/**
 * What each layout loads, beyond the first load, before it paints (`paint`, held to FIRST_PAINT_BUDGET) and for a
 * plain text conversation (held to PLAIN_TEXT_BUDGET). A floating page and a narrow one (a drawer) paint their
 * launcher, which is in the first load, and load their panel after; a docked page paints the docked frame's
 * stand-in (the panel at its width, or the strip) and loads the frame after; an inline one paints its empty panel.
 * Ephemeral shows nothing before its conversation: its input bar is the composer.
 */
const LAYOUTS = {
  inline: { paint: [], plainText: CONVERSATION },
  floating: { paint: [], plainText: ['src/chunks/floating-frame.ts', ...CONVERSATION] },
  docked: { paint: ['src/chunks/docked-stand-in.ts'], plainText: ['src/chunks/docked-frame.ts', ...CONVERSATION] },
  drawer: { paint: [], plainText: ['src/chunks/drawer-frame.ts', ...CONVERSATION] },
  ephemeral: { plainText: ['src/chunks/ephemeral-frame.ts', ...CONVERSATION] },
};
/** Languages besides English: each its own module (dist/locales/<tag>.js), added by a page that wants it. */
const LOCALES = ['fr'];
/**
 * The MCP Apps bridge, bundled on its own (build/prebundled.mjs): only the MCP Apps chunk loads it, zod and all.
 * The MCP client's OAuth code under it signs with `jose`, which a view's host never runs: left out.
 */
const appBridge = prebundled('@modelcontextprotocol/ext-apps/app-bridge', { exclude: ['jose'], resolveDir: here });
/**
 * The A2UI renderer (@a2ui/lit and @a2ui/web_core, with the zod 3 they bring), bundled on its own for the same
 * reason: only the a2ui chunk loads it. With its own copy of Lit: sharing the page's (as externals) made esbuild put
 * helpers in a file every conversation loads (measured: 0.2 KB gzip more for a plain text one).
 */
const a2uiRenderer = prebundled('./a2ui-renderer.js', { resolveDir: join(here, 'src/features/a2ui') });
const prebundles = [appBridge, a2uiRenderer];

const result = await build({
  entryPoints: { [ENTRY]: join(here, 'src/define.ts') },
  outdir,
  entryNames: '[name]',
  // A feature's chunk (its entry in src/chunks/, imported by src/features/registry.ts, or a highlight.js language)
  // and the code shared between them and the entry. The hash keeps a cached chunk from outliving the entry that
  // names it.
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  format: 'esm',
  // ESM dynamic import(): a chunk's URL is resolved against the importing file's, so a page that serves dist/
  // as a folder, from any path or origin, needs nothing else.
  splitting: true,
  minify: true,
  target: 'es2022',
  platform: 'browser',
  sourcemap: false,
  // The notices go in one banner per file and a text file beside the bundle (build/third-party-licenses.mjs).
  legalComments: 'none',
  // marked's values that src/core/markdown/lex.ts imports; the rest of marked (its HTML renderer) is left out.
  plugins: [minifyTemplatesPlugin(), highlightCorePlugin(), markedLexerOnlyPlugin(['Lexer', 'getDefaults']), appBridge.plugin, a2uiRenderer.plugin],
  metafile: true,
  // Written only after the checks below pass, so a failed build leaves no bundle behind to be served.
  write: false,
  logLevel: 'warning',
  // The chunks' entries (src/chunks/*.ts) import the shell only to tell esbuild it is loaded before them (see
  // src/chunks/README.md); it has no side effects, so the import does nothing at run time, as intended.
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

// terser after esbuild: its compressor finds what esbuild's single pass leaves (measured: 1.2 KB gzip less).
// Safe options only: no pure_getters (Lit reads layout properties for their side effects), no unsafe_*.
// Each file is its own module to terser: it keeps import and export names, which tie the files together.
const licenseName = 'THIRD-PARTY-LICENSES.txt';
/** A file's inputs, with the prebundled bridge's own where the file holds it: their packages are named too. */
const withPrebundled = (inputs) =>
  prebundles.reduce((all, bundle) => (bundle.key in inputs ? { ...all, ...bundle.metafile().inputs } : all), inputs);
const files = [];
/** Each built file's inputs (dist path → source paths), for the check that a conversation carries nothing of A2UI. */
const inputsOf = new Map();
for (const [path, output] of Object.entries(result.metafile.outputs)) {
  const file = resolve(path);
  const text = result.outputFiles.find((out) => resolve(out.path) === file).text;
  // Each file names the packages it carries, and where their texts are (dist/, beside the entry).
  const packages = await bundledPackages({ inputs: withPrebundled(output.inputs) });
  const licensePath = relative(dirname(file), join(outdir, licenseName)).replaceAll('\\', '/');
  const compressed = await minify(text, {
    module: true,
    ecma: 2020,
    compress: { passes: 3, hoist_funs: true },
    mangle: true,
    format: { comments: false, preamble: packages.length > 0 ? licenseBanner(packages, licensePath) : undefined },
  });
  const inDist = (absolute) => relative(outdir, absolute).replaceAll('\\', '/');
  inputsOf.set(inDist(file), Object.keys(withPrebundled(output.inputs)));
  files.push({
    path: inDist(file),
    code: new TextEncoder().encode(compressed.code),
    imports: output.imports.filter((imported) => !imported.external).map(({ path, kind }) => ({ path: inDist(resolve(path)), kind })),
    entryPoint: output.entryPoint === undefined ? undefined : resolve(output.entryPoint),
  });
}

const inSource = (paths) => paths.map((path) => join(here, path));
const layouts = Object.fromEntries(
  Object.entries(LAYOUTS).map(([name, layout]) => [name, { ...layout, paint: layout.paint && inSource(layout.paint), plainText: inSource(layout.plainText) }]),
);
const plan = chunkPlan(files, { entry: `${ENTRY}.js`, layouts });
// Nothing of A2UI in a first paint or a plain text conversation: the a2ui chunk, its feature and @a2ui's code (with
// the zod it brings) come with the first surface only.
const isA2ui = (input) => input === a2uiRenderer.key || /(^|[\\/])(@a2ui[\\/]|src[\\/]chunks[\\/]a2ui\.ts$|src[\\/]features[\\/]a2ui[\\/])/.test(input);
for (const layout of plan.layouts) {
  const carried = layout.plainText.files.flatMap((path) => (inputsOf.get(path) ?? []).filter(isA2ui));
  if (carried.length > 0) {
    console.error(`build: the ${layout.name} layout's plain text conversation carries A2UI code, e.g. ${carried.slice(0, 3).join(', ')}`);
    process.exit(1);
  }
}
if (![...inputsOf.values()].some((inputs) => inputs.some(isA2ui))) {
  console.error('build: the a2ui chunk was not found among the built files (the check above would prove nothing)');
  process.exit(1);
}
const budgets = { firstLoad: FIRST_PAINT_BUDGET, plainText: PLAIN_TEXT_BUDGET };
printSizes(plan, { cwd: relative(process.cwd(), outdir) || '.', budgets });
const over = checkBudgets(plan, budgets);
if (over.length > 0) {
  for (const line of over) console.error(`build: ${line}`);
  process.exit(1);
}

for (const { path, code } of files) {
  await mkdir(dirname(join(outdir, path)), { recursive: true });
  await writeFile(join(outdir, path), code);
}
// A previous build's chunks have other hashes: removed, so dist/ (and the npm package) holds only this build's.
// After the writes, so a server answering from dist/ meanwhile never misses a chunk that this build keeps.
const built = new Set(files.map((file) => file.path));
for (const name of await readdir(join(outdir, 'chunks')).catch(() => [])) {
  if (!built.has(`chunks/${name}`)) await rm(join(outdir, 'chunks', name), { recursive: true, force: true });
}
await writeFile(join(outdir, licenseName), licenseFile(await bundledPackages({ inputs: withPrebundled(result.metafile.inputs) })));

// A locale's module registers its table into the element's (through a global), so it needs no more than itself.
for (const locale of LOCALES) {
  await build({
    entryPoints: [join(here, `src/i18n/${locale}.ts`)],
    outfile: join(outdir, `locales/${locale}.js`),
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    platform: 'browser',
    logLevel: 'warning',
  });
}
