// Runs in Chromium (markdown-bench.mjs bundles it): a long reply streamed in small pieces, rendered after
// every piece — the worst case, a frame per delta — incrementally, and by parsing and rendering the whole text
// so far each time (what a renderer without incremental blocks does).
import { render } from 'lit';
import { IncrementalMarkdown } from '../src/ui/markdown/incremental-markdown.js';
import { chunks, markdownCorpus } from './markdown-corpus.js';

export interface BenchRow {
  way: string;
  replyKB: number;
  pieces: number;
  ms: number;
  msPerKB: number;
  /** The slowest single piece: what one frame would cost at worst. */
  worstPieceMs: number;
  charsParsedPerChar: number;
  finishedBlocks?: number;
  finishedBlockRenders?: number;
}

const OPTIONS = { allowImages: false };

function host(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

function incremental(text: string, size: number): BenchRow {
  const target = host();
  const md = new IncrementalMarkdown(OPTIONS);
  const pieces = chunks(text, size);
  const start = performance.now();
  let sofar = '';
  let worst = 0;
  for (const piece of pieces) {
    const before = performance.now();
    sofar += piece;
    if (md.update(sofar, false)) render(md.view(), target);
    worst = Math.max(worst, performance.now() - before);
  }
  if (md.update(text, true)) render(md.view(), target);
  const ms = performance.now() - start;
  target.remove();
  const { stats } = md;
  return {
    way: 'incremental',
    replyKB: Math.round(text.length / 1024),
    pieces: pieces.length,
    ms: Math.round(ms),
    msPerKB: +(ms / (text.length / 1024)).toFixed(2),
    worstPieceMs: +worst.toFixed(1),
    charsParsedPerChar: +(stats.charsParsed / text.length).toFixed(2),
    finishedBlocks: stats.blocksFinished,
    finishedBlockRenders: stats.finishedBlockRenders,
  };
}

function everything(text: string, size: number): BenchRow {
  const target = host();
  const pieces = chunks(text, size);
  const start = performance.now();
  let sofar = '';
  let parsed = 0;
  let worst = 0;
  for (const piece of pieces) {
    const before = performance.now();
    sofar += piece;
    parsed += sofar.length;
    const md = new IncrementalMarkdown(OPTIONS);
    md.update(sofar, true);
    render(md.view(), target);
    worst = Math.max(worst, performance.now() - before);
  }
  const ms = performance.now() - start;
  target.remove();
  return {
    way: 'parse + render all so far',
    replyKB: Math.round(text.length / 1024),
    pieces: pieces.length,
    ms: Math.round(ms),
    msPerKB: +(ms / (text.length / 1024)).toFixed(2),
    worstPieceMs: +worst.toFixed(1),
    charsParsedPerChar: +(parsed / text.length).toFixed(2),
  };
}

function once(text: string): BenchRow {
  const target = host();
  const start = performance.now();
  const md = new IncrementalMarkdown(OPTIONS);
  md.update(text, true);
  render(md.view(), target);
  const ms = performance.now() - start;
  target.remove();
  return {
    way: 'whole text once (history)',
    replyKB: Math.round(text.length / 1024),
    pieces: 1,
    ms: Math.round(ms),
    msPerKB: +(ms / (text.length / 1024)).toFixed(2),
    worstPieceMs: +ms.toFixed(1),
    charsParsedPerChar: +(md.stats.charsParsed / text.length).toFixed(2),
  };
}

/** The median run of `runs` by time. */
function median(runs: number, measure: () => BenchRow): BenchRow {
  const rows = Array.from({ length: runs }, measure).sort((a, b) => a.ms - b.ms);
  return rows[Math.floor(rows.length / 2)]!;
}

export function runMarkdownBench(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const bytes of [10_000, 50_000]) {
    const text = markdownCorpus(bytes);
    incremental(text, 20); // warm-up
    rows.push(median(5, () => once(text)));
    rows.push(median(5, () => incremental(text, 20)));
    rows.push(median(bytes > 20_000 ? 1 : 3, () => everything(text, 20)));
  }
  // Single blocks that grow for the whole reply (issue 19: not reparsed from their start on every frame).
  const listing = '```ts\n' + 'const value = compute(input) + 1;\n'.repeat(1500) + '```\n';
  rows.push({ ...median(3, () => once(listing)), way: 'one 50 KB code block, once' });
  rows.push({ ...median(3, () => incremental(listing, 20)), way: 'one 50 KB code block, incremental' });
  const list = Array.from({ length: 2000 }, (_, i) => `- item ${i} with **bold** and \`code\`\n`).join('');
  rows.push({ ...median(3, () => once(list)), way: 'one 2,000-line list, once' });
  rows.push({ ...median(3, () => incremental(list, 20)), way: 'one 2,000-line list, incremental' });
  const table = '| # | name | note |\n|---|---|---|\n' + Array.from({ length: 1000 }, (_, i) => `| ${i} | item ${i} | *note* |\n`).join('');
  rows.push({ ...median(3, () => once(table)), way: 'one 1,000-row table, once' });
  rows.push({ ...median(1, () => incremental(table, 20)), way: 'one 1,000-row table, incremental' });
  return rows;
}

(window as unknown as { runMarkdownBench: typeof runMarkdownBench }).runMarkdownBench = runMarkdownBench;
