// <agent-chat> beside deep-chat 2.4.2 in one headless Chromium run (issue #18, point 5): long histories, turn cost as a
// conversation grows, streaming, long tasks and first-paint bytes, median of 5 runs each, printed with the ratio
// to deep-chat and the target. It builds the element first (`node packages/element/build.mjs`) and measures
// dist/agent-chat.js with its chunks, as a host serves them; `--no-build` measures dist/ as it is.
// Run: `npm run bench`, or `node --conditions=agent-chat-source --import tsx packages/element/bench/widgets-bench.ts`.
// Figures: docs/benchmarks.md ("The element beside deep-chat"). BENCH_SAMPLES=1 for a quick look.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/find-chromium.mjs';
import { en } from '../src/i18n/strings.js';
import { historyMessages, lastHistoryMarker } from './widgets-replies.js';
import { fileFor, startBenchServer } from './widgets-server.js';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const HISTORY = 1_000;
/** The short conversation the heap per message is measured over. */
const SHORT_HISTORY = 20;
const TURNS = 50;
const N = 10_000;
/** Issue 33's scroll: 150 px a frame for 90 frames, up from the end of the 1,000-message history. */
const SCROLL_PX = 150;
const SCROLL_FRAMES = 90;
const WIDGETS = ['agent-chat', 'deep-chat'] as const;
type Widget = (typeof WIDGETS)[number];

// The element as its source now stands, unless `--no-build` (measure dist/ as it is).
if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('../build.mjs', import.meta.url))], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('widgets-bench: node packages/element/build.mjs failed');
}
if (!existsSync(fileFor('/element/agent-chat.js')!)) throw new Error('widgets-bench: build the element first (node packages/element/build.mjs)');
if (!existsSync(fileFor('/deep-chat/deepChat.bundle.js')!)) throw new Error('widgets-bench: deep-chat is not installed (npm install)');

const server = await startBenchServer();
const browser: Browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });

interface Tab {
  page: Page;
  cdp: CDPSession;
  metric(name: 'TaskDuration' | 'JSHeapUsedSize'): Promise<number>;
  /** Main-thread ms (the renderer's TaskDuration) spent while `work` runs. */
  taskMs(work: () => Promise<unknown>): Promise<number>;
  heapAfterGc(): Promise<number>;
  close(): Promise<void>;
}

async function openTab(widget: Widget): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(`${server.url}/page/${widget}`);
  await page.evaluate(() => (window as unknown as { bench: { ready: Promise<void> } }).bench.ready);
  const metric = async (name: string) => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((entry) => entry.name === name)!.value;
  };
  return {
    page,
    cdp,
    metric,
    async taskMs(work) {
      const before = await metric('TaskDuration');
      await work();
      return ((await metric('TaskDuration')) - before) * 1000;
    },
    async heapAfterGc() {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return metric('JSHeapUsedSize');
    },
    close: () => context.close(),
  };
}

type Bench = {
  mount(options: object): Promise<{ ms: number; checkMs: number; at: number }>;
  send(text: string): Promise<void>;
  fetchedBefore(at: number): string[];
  startFrames(): void;
  stopFrames(): { dropped: number; frames: number; interval: number };
  idle(): Promise<void>;
  scrollUp(options: { px: number; count: number }): Promise<{ dropped: number; longest: number; moved: number }>;
  nodes(): number;
  startLongTasks(): void;
  stopLongTasks(): number;
  armXss(): void;
  xssRan(): Promise<number>;
};
const call = <T>(page: Page, fn: (bench: Bench, arg: any) => T | Promise<T>, arg?: unknown): Promise<T> =>
  page.evaluate(([source, value]) => new Function('bench', 'arg', `return (${source})(bench, arg)`)((window as any).bench, value), [fn.toString(), arg] as const) as Promise<T>;

const sends = (page: Page, text: string) => call(page, (bench, value) => bench.send(value), text);
let sessions = 0;

/** 1,000-message history: first paint, longest task, heap, nodes; then a 10 KB reply streamed into it. */
async function historyRun(widget: Widget) {
  const session = `history-${sessions++}`;
  await server.seed(session, HISTORY);
  const tab = await openTab(widget);
  try {
    const baseHeap = await tab.heapAfterGc();
    await call(tab.page, (bench) => bench.startLongTasks());
    const history = widget === 'deep-chat' ? historyMessages(HISTORY) : undefined;
    const { ms } = await call(tab.page, (bench, options) => bench.mount(options), { session, history, marker: lastHistoryMarker(HISTORY) });
    const longest = await call(tab.page, (bench) => bench.stopLongTasks());
    const heap = (await tab.heapAfterGc()) - baseHeap;
    const nodes = await call(tab.page, (bench) => bench.nodes());
    // As in the streaming runs: a reply first, unmeasured, so both streams of the ratio are a warm widget's.
    await sends(tab.page, 'stream:2000');
    const streamMs = await tab.taskMs(() => sends(tab.page, `stream:${N}`));
    // What the history itself holds: the heap of the same mount with an empty conversation taken away. deep-chat's
    // code is on the heap before the base is taken (its one bundle loads with the page), ours loads in chunks as the
    // widget mounts; this leaves code out of both.
    const added = heap - (await mountHeap(widget, 0));
    // And what each message adds: over a short conversation, whose mount has already paid what any conversation
    // pays once (for us, V8's native code for marked's regexes, about 0.7 MB in a heap snapshot, which the lexer's
    // warm-up pays in an empty conversation too).
    const perMessage = (heap - (await mountHeap(widget, SHORT_HISTORY))) / (HISTORY - SHORT_HISTORY);
    return {
      paintMs: ms,
      longest,
      heapMB: heap / 1e6,
      addedMB: added / 1e6,
      nodes,
      heapPerMessageKB: perMessage / 1e3,
      streamIntoHistoryMs: streamMs,
    };
  } finally {
    await tab.close();
  }
}

/** The heap a mount of a `count`-message conversation adds (the widget's code, its state, the messages). */
async function mountHeap(widget: Widget, count: number) {
  const session = `heap-${count}-${sessions++}`;
  if (count > 0) await server.seed(session, count);
  const tab = await openTab(widget);
  try {
    const baseHeap = await tab.heapAfterGc();
    const history = widget === 'deep-chat' && count > 0 ? historyMessages(count) : undefined;
    // Mounted when its conversation shows: the last message, or for none our empty line. Not at the first box: ours
    // is the shell's empty panel, drawn before the conversation's chunk has loaded, so the heap then would hold
    // neither that code nor the conversation, and taking it away from a mount that does would count them as the
    // history's (deep-chat draws everything in its first render).
    const marker = count > 0 ? lastHistoryMarker(count) : widget === 'agent-chat' ? en.emptyConversation : undefined;
    await call(tab.page, (bench, options) => bench.mount(options), { session, history, ...(marker ? { marker } : {}) });
    return (await tab.heapAfterGc()) - baseHeap;
  } finally {
    await tab.close();
  }
}

/** An empty conversation: N and 2N characters streamed, N rendered once. */
async function streamingRun(widget: Widget) {
  const tab = await openTab(widget);
  try {
    await call(tab.page, (bench, options) => bench.mount(options), { session: `empty-${sessions++}` });
    // A reply first, unmeasured: what a widget pays once (compiling its code, its first styles) would otherwise land
    // on the first measured run only, and streamed ÷ once compares the first run with the third.
    await sends(tab.page, 'stream:2000');
    await call(tab.page, (bench) => bench.startFrames());
    const streamN = await tab.taskMs(() => sends(tab.page, `stream:${N}`));
    const { dropped } = await call(tab.page, (bench) => bench.stopFrames());
    const stream2N = await tab.taskMs(() => sends(tab.page, `stream:${2 * N}`));
    // Rendered at once three times, the median taken: about 25 ms, so one sample's noise moved streamed ÷ once by a
    // whole point from run to run.
    const onces: number[] = [];
    for (let i = 0; i < 3; i++) onces.push(await tab.taskMs(() => sends(tab.page, `once:${N}`)));
    const onceN = median(onces);
    return { streamN, stream2N, onceN, dropped };
  } finally {
    await tab.close();
  }
}

/**
 * A 50 KB reply that arrives in one event (a buffering proxy, a provider that does not stream, a replay), on a
 * fresh page: the first such reply (which pays for any code the widget had not loaded yet) and a second one.
 */
async function wholeRun(widget: Widget) {
  const tab = await openTab(widget);
  try {
    // Mounted once the conversation shows (for ours, its empty line; not the shell's first box, drawn before the
    // conversation's chunk has loaded).
    const marker = widget === 'agent-chat' ? en.emptyConversation : undefined;
    await call(tab.page, (bench, options) => bench.mount(options), { session: `whole-${sessions++}`, ...(marker ? { marker } : {}) });
    // As a person reads the empty panel before typing: what a widget loads or prepares at idle is not the reply's.
    await call(tab.page, (bench) => bench.idle());
    const reply = async () => {
      await call(tab.page, (bench) => bench.startLongTasks());
      const ms = await tab.taskMs(() => sends(tab.page, 'once:50000'));
      return { ms, longest: await call(tab.page, (bench) => bench.stopLongTasks()) };
    };
    const first = await reply();
    const later = await reply();
    return { firstMs: first.ms, firstLongest: first.longest, laterMs: later.ms, laterLongest: later.longest };
  } finally {
    await tab.close();
  }
}

/**
 * A 1,000-message history, scrolled up from its end by SCROLL_PX a frame for SCROLL_FRAMES frames: once the page
 * has gone idle after the history showed (a reader who reads the latest first), and at once.
 */
async function scrollRun(widget: Widget) {
  const once = async (waitForIdle: boolean) => {
    const session = `scroll-${sessions++}`;
    await server.seed(session, HISTORY);
    const tab = await openTab(widget);
    try {
      const history = widget === 'deep-chat' ? historyMessages(HISTORY) : undefined;
      await call(tab.page, (bench, options) => bench.mount(options), { session, history, marker: lastHistoryMarker(HISTORY) });
      if (waitForIdle) await call(tab.page, (bench) => bench.idle());
      const run = await call(tab.page, (bench, options) => bench.scrollUp(options), { px: SCROLL_PX, count: SCROLL_FRAMES });
      // A list that did not move measured nothing.
      if (run.moved < SCROLL_PX * (SCROLL_FRAMES - 1)) throw new Error(`widgets-bench: ${widget}'s list scrolled ${run.moved} px, not ${SCROLL_PX * SCROLL_FRAMES}`);
      return run;
    } finally {
      await tab.close();
    }
  };
  const idle = await once(true);
  const atOnce = await once(false);
  return { dropped: idle.dropped, longest: idle.longest, droppedAtOnce: atOnce.dropped, longestAtOnce: atOnce.longest };
}

/** The element tests' XSS corpus (80 vectors) as a streamed reply: how many run, links clicked. */
async function xssRun(widget: Widget) {
  const tab = await openTab(widget);
  try {
    await call(tab.page, (bench, options) => bench.mount(options), { session: `xss-${sessions++}` });
    await call(tab.page, (bench) => bench.armXss());
    await sends(tab.page, 'xss');
    return { ran: await call(tab.page, (bench) => bench.xssRan()) };
  } finally {
    await tab.close();
  }
}

/** 50 short turns; main-thread ms of each. */
async function turnsRun(widget: Widget) {
  const tab = await openTab(widget);
  try {
    await call(tab.page, (bench, options) => bench.mount(options), { session: `turns-${sessions++}` });
    const perTurn: number[] = [];
    for (let turn = 1; turn <= TURNS; turn++) perTurn.push(await tab.taskMs(() => sends(tab.page, `Question ${turn}: how much revenue?`)));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return { early: mean(perTurn.slice(0, 5)), late: mean(perTurn.slice(-5)) };
  } finally {
    await tab.close();
  }
}

/** gzip -9 bytes of the widget's own files fetched before its first paint (empty conversation; ours also floating). */
async function firstPaintBytes(widget: Widget, mode?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/element/') && !path.startsWith('/deep-chat/')) return;
    const body = request.response().then((response) => response!.body());
    // A chunk fetched after the painted frame is not counted, and its body may outlive the page: not an error.
    body.catch(() => {});
    bodies.set(path, body);
  });
  try {
    await page.goto(`${server.url}/page/${widget}`);
    const { at } = await call(page, (bench, options) => bench.mount(options), { session: `paint-${sessions++}`, mode });
    // What the painted frame had asked for by then (a chunk loaded at idle after that paint is not counted); the
    // bodies are read afterwards, as they were served.
    const before = new Set(await call(page, (bench, time) => bench.fetchedBefore(time), at));
    const loaded = [...bodies].filter(([path]) => before.has(path));
    let bytes = 0;
    for (const [, body] of loaded) bytes += gzipSync(await body, { level: 9 }).length;
    return { bytes, files: loaded.map(([path]) => path) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `BENCH_ONLY=scroll,whole reply`: run only these samples (their rows are printed, the others' left out). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((label) => label.trim());

async function samples<T extends Record<string, number>>(label: string, run: (widget: Widget) => Promise<T>) {
  const all: Record<Widget, T[]> = { 'agent-chat': [], 'deep-chat': [] };
  if (ONLY && !ONLY.includes(label)) return (_widget: Widget, _key: keyof T) => NaN;
  // Alternating the widgets spreads any drift of a shared machine over both.
  for (let i = 0; i < SAMPLES; i++) {
    for (const widget of WIDGETS) {
      const start = performance.now();
      all[widget].push(await run(widget));
      console.error(`  ${label} ${widget} #${i + 1}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    }
  }
  const of = (widget: Widget, key: keyof T) => median(all[widget].map((sample) => sample[key]!));
  return of;
}

const started = performance.now();
try {
  const history = await samples('history', historyRun);
  const streaming = await samples('streaming', async (widget) => {
    const run = await streamingRun(widget);
    return { ...run, exponent: Math.log2(run.stream2N / run.streamN), streamedPerOnce: run.streamN / run.onceN };
  });
  const whole = await samples('whole reply', wholeRun);
  const scroll = await samples('scroll', scrollRun);
  const turns = await samples('turns', async (widget) => {
    const run = await turnsRun(widget);
    return { ...run, growth: run.late / run.early };
  });
  const onceEach = !ONLY || ONLY.includes('once');
  const xss = onceEach ? { ours: (await xssRun('agent-chat')).ran, theirs: (await xssRun('deep-chat')).ran } : { ours: NaN, theirs: NaN };
  const noBytes = { bytes: NaN, files: [] };
  const paint = onceEach
    ? { ours: await firstPaintBytes('agent-chat', 'floating'), oursInline: await firstPaintBytes('agent-chat'), theirs: await firstPaintBytes('deep-chat') }
    : { ours: noBytes, oursInline: noBytes, theirs: noBytes };

  const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const task = (value: number) => (value === 0 ? '< 50 ms (none)' : `${fixed(value)} ms`);
  const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : '—');
  const both = (of: (widget: Widget, key: any) => number, key: string) => [of('agent-chat', key), of('deep-chat', key)] as const;
  const row = (metric: string, [ours, theirs]: readonly [number, number], show: (value: number) => string, target: string, shownRatio = ratio(ours, theirs)) => ({
    metric,
    'agent-chat': show(ours),
    'deep-chat': show(theirs),
    ratio: shownRatio,
    target,
  });
  const intoHistory = (widget: Widget) => history(widget, 'streamIntoHistoryMs') / streaming(widget, 'streamN');
  const table = [
    row('1,000-message history: first paint', both(history, 'paintMs'), (v) => `${fixed(v)} ms`, '≤ 1.0× deep-chat'),
    row('↳ JS heap after mounting (code loaded while mounting included)', both(history, 'heapMB'), (v) => `${fixed(v, 1)} MB`, ''),
    row('↳ JS heap the history adds (over an empty conversation)', both(history, 'addedMB'), (v) => `${fixed(v, 1)} MB`, '≤ 1.5× deep-chat'),
    row(`↳ heap per message (over a ${SHORT_HISTORY}-message conversation)`, both(history, 'heapPerMessageKB'), (v) => `${fixed(v, 2)} KB`, '≤ 1.5× deep-chat'),
    row('↳ DOM nodes (whole widget)', both(history, 'nodes'), (v) => fixed(v), ''),
    row('↳ DOM nodes per message', both(history, 'nodes').map((v) => v / HISTORY) as unknown as [number, number], (v) => fixed(v, 1), '≤ 60 per off-screen message'),
    row('↳ longest task while loading it', both(history, 'longest'), task, 'none > 50 ms'),
    row(`task ms per turn, turns 1–5`, both(turns, 'early'), (v) => `${fixed(v, 1)} ms`, ''),
    row(`task ms per turn, turns 46–50`, both(turns, 'late'), (v) => `${fixed(v, 1)} ms`, ''),
    row('↳ turn 46–50 ÷ turn 1–5', both(turns, 'growth'), (v) => `${v.toFixed(2)}×`, '≤ 1.1×'),
    row(`streaming ${N / 1000} KB: main-thread ms`, both(streaming, 'streamN'), (v) => `${fixed(v)} ms`, ''),
    row(`streaming ${(2 * N) / 1000} KB: main-thread ms`, both(streaming, 'stream2N'), (v) => `${fixed(v)} ms`, ''),
    row('↳ streaming exponent (2× text → 2^e × work)', both(streaming, 'exponent'), (v) => v.toFixed(2), '≤ 1.1'),
    row(`streamed ÷ rendered once (${N / 1000} KB)`, both(streaming, 'streamedPerOnce'), (v) => `${v.toFixed(1)}×`, '≤ 4×'),
    row(`dropped frames, streaming ${N / 1000} KB (8 pieces a frame)`, both(streaming, 'dropped'), (v) => fixed(v), '0', '—'),
    row('a 50 KB reply in one event, the first on a page: main-thread ms', both(whole, 'firstMs'), (v) => `${fixed(v)} ms`, '≤ 1.5× deep-chat'),
    row('↳ its longest task', both(whole, 'firstLongest'), task, 'none > 50 ms'),
    row('a 50 KB reply in one event, a later one: main-thread ms', both(whole, 'laterMs'), (v) => `${fixed(v)} ms`, '≤ 1.5× deep-chat'),
    row('↳ its longest task', both(whole, 'laterLongest'), task, 'none > 50 ms'),
    row(`scrolling up the 1,000-message history (${SCROLL_PX} px a frame), once idle: dropped of ${SCROLL_FRAMES} frames`, both(scroll, 'dropped'), (v) => fixed(v), '≤ 1', '—'),
    row('↳ its longest task', both(scroll, 'longest'), task, ''),
    row(`↳ scrolled at once, as the history shows: dropped of ${SCROLL_FRAMES} frames`, both(scroll, 'droppedAtOnce'), (v) => fixed(v), '', '—'),
    row('↳ its longest task', both(scroll, 'longestAtOnce'), task, ''),
    row(`streaming ${N / 1000} KB into 1,000 messages ÷ into empty`, [intoHistory('agent-chat'), intoHistory('deep-chat')], (v) => `${v.toFixed(2)}×`, '≤ 1.2×'),
    row('first-paint bytes (gzip -9), floating launcher', [paint.ours.bytes, paint.theirs.bytes], (v) => `${fixed(v / 1024, 1)} KB`, '≤ 13 KB'),
    row('first-paint bytes (gzip -9), inline', [paint.oursInline.bytes, paint.theirs.bytes], (v) => `${fixed(v / 1024, 1)} KB`, ''),
    row('XSS vectors that ran (80, a streamed reply; links clicked)', [xss.ours, xss.theirs], (v) => fixed(v), '0', '—'),
  ];
  console.log(
    `\n<agent-chat> beside deep-chat 2.4.2, median of ${SAMPLES} (Chromium ${browser.version()}; ${HISTORY} history messages, ` +
      `replies in 20-character pieces, 8 per 16 ms; ${fixed((performance.now() - started) / 1000)} s)`,
  );
  // Rows of samples left out by BENCH_ONLY.
  console.table(table.filter((line) => !line['agent-chat'].startsWith('NaN')));
  console.log(`before first paint: floating ${paint.ours.files.join(', ')}; inline ${paint.oursInline.files.join(', ')}; deep-chat ${paint.theirs.files.join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
