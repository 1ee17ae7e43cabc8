// Markdown benchmark in headless Chromium: bundles markdown-bench-page.ts, runs it, prints the figures.
// Run: `npm run bench` (or `node packages/element/bench/markdown-bench.mjs`). Figures go to docs/benchmarks.md.
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyTemplatesPlugin } from '../build/minify-templates.mjs';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/find-chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = await build({
  entryPoints: [join(here, 'markdown-bench-page.ts')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  platform: 'browser',
  write: false,
  // As build.mjs bundles it, so the figures are the shipped templates'.
  plugins: [minifyTemplatesPlugin()],
  logLevel: 'warning',
});

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ type: 'module', content: bundle.outputFiles[0].text });
  await page.waitForFunction(() => 'runMarkdownBench' in window);
  const rows = await page.evaluate(() => window.runMarkdownBench());
  const version = browser.version();
  console.log(`\nmarkdown: a reply streamed in 20-character pieces, rendered after every piece (Chromium ${version})`);
  console.table(rows);
} finally {
  await browser.close();
}
