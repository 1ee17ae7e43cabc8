// Issue 18 on the BUILT script-tag bundle (packages/element/dist): one script tag from another origin, chunks
// found relative to it, and what each feature loads, counted by the page's own requests. The element's source
// modules are held to the same rules in packages/element/test/lazy-load.test.ts; this file holds the files a host
// actually serves. Needs `npm run build` first (npm test builds before it runs vitest).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { DIST_PREFIX, firstLoadFiles, replyTo, serveDist, serveHost, type DistServer, type HostServer } from './support/bundle-origins.js';
import { chunkName, recordTraffic, type PageTraffic } from './support/page-traffic.js';

/** The lazily imported features, by the names esbuild gives their chunks (build.mjs: chunks/[name]-[hash]). */
const CONVERSATION = 'conversation-parts';
const CARDS = 'cards';
const AUTOCOMPLETE = 'autocomplete';
const AWAITING_INPUT = 'awaiting-input';
const EPHEMERAL_FRAME = 'ephemeral-frame';
/** Everything a closed floating widget must not load: the conversation and what only a conversation uses. */
const CONVERSATION_FEATURES = [CONVERSATION, CARDS, AUTOCOMPLETE, AWAITING_INPUT, EPHEMERAL_FRAME];

/** Bounded waits on conditions (never a sleep): long enough for a slow CI machine, short of the test's own timeout. */
const WAIT = { timeout: 15_000 };

let dist: DistServer;
let host: HostServer;
let browser: Browser;
/** dist/agent-chat.js and its static imports, read from the built files. */
let firstLoad: Set<string>;

beforeAll(async () => {
  dist = await serveDist();
  host = await serveHost(dist.base);
  browser = await launchBrowser();
  firstLoad = await firstLoadFiles();
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await dist?.close();
});

/** The names of the chunks the page has fetched (shared `chunk` files included), in order, repeats removed. */
function chunksLoaded(traffic: PageTraffic): string[] {
  const names = traffic.requests.map((request) => chunkName(request.url, dist.base)).filter((name) => name !== undefined);
  return [...new Set(names)];
}

/** The dist/ paths the page fetched from the bundle's origin. */
function distFilesLoaded(traffic: PageTraffic): string[] {
  return traffic.to(dist.origin).map((request) => request.url.pathname.slice(DIST_PREFIX.length));
}

/** `METHOD /path` of the page's requests to the agent server (its own origin, the page itself excepted). */
function agentCalls(traffic: PageTraffic): string[] {
  return traffic.to(host.origin).map((request) => `${request.method} ${request.url.pathname}${request.url.search}`);
}

/** Until the page has painted and gone idle twice, and its network has settled: what would load at idle, has. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', WAIT);
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2000 }))));
  }
}

/** Console errors of the page: none is expected (a session the element made up is not fetched, so no 404 either). */
function unexpectedConsoleErrors(traffic: PageTraffic): string[] {
  return traffic.consoleErrors;
}

/**
 * Requests that did not complete, but for the one the element ends on purpose: a pending card's wait for the
 * session's next run (GET /stream?wait=1), aborted when the card is answered here. A reply's stream is not among
 * them: after its `done` the element lets the server end it (transport/sse-stream.ts). A chunk, the history or the
 * tools failing, a refusal, CORS: all count.
 */
function unexpectedFailures(traffic: PageTraffic): string[] {
  const endedOnPurpose = new RegExp(
    `^GET ${escapeRegExp(host.endpoint)}/sessions/[\\w-]+/stream\\?wait=1: net::ERR_ABORTED$`,
  );
  return traffic.failed.filter((line) => !endedOnPurpose.test(line));
}

/** The host page with its chat opened from the launcher, the composer showing. */
async function openChat(): Promise<Awaited<ReturnType<typeof openHostPage>>> {
  const opened = await openHostPage();
  await launcher(opened.page).click();
  await composer(opened.page).waitFor({ state: 'visible', ...WAIT });
  return opened;
}

/** The page did nothing wrong along the way (no failed request, uncaught error or console error): then close it. */
async function closeClean(page: Page, traffic: PageTraffic): Promise<void> {
  expect(unexpectedFailures(traffic), 'failed requests').toEqual([]);
  expect(traffic.pageErrors, 'uncaught errors').toEqual([]);
  expect(unexpectedConsoleErrors(traffic), 'console errors').toEqual([]);
  await page.context().close();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function openHostPage(mode = 'floating'): Promise<{ page: Page; traffic: PageTraffic }> {
  // A fresh context for each page: no cached chunk, no remembered session or open state.
  const page = await browser.newPage();
  const traffic = recordTraffic(page);
  await page.goto(host.pageUrl({ mode }));
  return { page, traffic };
}

const launcher = (page: Page) => page.locator('agent-chat [part~="launcher"]');
const composer = (page: Page) => page.locator('agent-chat textarea');
/** A reply's bubble holding this text (the screen reader's live region repeats it, so not any text on the page). */
const reply = (page: Page, text: string) => page.locator('agent-chat [part~="assistant"]').filter({ hasText: text });

async function sendFromComposer(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

describe('dist/agent-chat.js as one script tag from another origin', () => {
  it('defines <agent-chat>, paints the launcher, loads its chunks beside itself, and streams a reply from the host’s server', async () => {
    const { page, traffic } = await openHostPage();
    expect(new URL(page.url()).origin).toBe(host.origin);
    expect(dist.origin).not.toBe(host.origin);

    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined, undefined, WAIT);
    await launcher(page).waitFor({ state: 'visible', ...WAIT });
    const box = await launcher(page).boundingBox();
    expect(box!.width * box!.height, 'the launcher has an area on screen').toBeGreaterThan(0);

    await launcher(page).click();
    await composer(page).waitFor({ state: 'visible', ...WAIT });
    const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/messages'), WAIT);
    await sendFromComposer(page, 'hello');
    const response = await answered;
    expect(new URL(response.url()).origin, 'the message goes to the endpoint’s origin').toBe(host.origin);
    expect(response.headers()['content-type']).toContain('text/event-stream');
    await reply(page, replyTo('hello')).waitFor(WAIT);

    // Every script came from the bundle's origin, under the folder the script tag names: the entry, then chunks
    // found relative to it (not at the origin's root, and not on the page's origin).
    const scripts = traffic.requests.filter((request) => request.resourceType === 'script' || request.url.pathname.endsWith('.js'));
    expect(scripts.length, 'the entry and at least one chunk').toBeGreaterThan(1);
    for (const script of scripts) {
      const href = script.url.href;
      expect(href === `${dist.base}agent-chat.js` || href.startsWith(`${dist.base}chunks/`), href).toBe(true);
    }
    expect(dist.requests.every((path) => path === `${DIST_PREFIX}agent-chat.js` || path.startsWith(`${DIST_PREFIX}chunks/`)), dist.requests.join(', ')).toBe(true);
    expect(chunksLoaded(traffic)).toContain(CONVERSATION);
    // The page's origin served the page and the agent, nothing else.
    expect(agentCalls(traffic).every((call) => call.includes(' /api/agent/')), agentCalls(traffic).join(', ')).toBe(true);

    await closeClean(page, traffic);
  });
});

describe('chunks loaded per feature, counted by the page’s requests', () => {
  it('closed: the first load only and no request to the server; open: the conversation, history and tools; plain text: no cards; "@": the autocomplete', async () => {
    const agentRequestsBefore = host.agentRequests.length;
    const { page, traffic } = await openHostPage();
    await launcher(page).waitFor({ state: 'visible', ...WAIT });
    await settle(page);

    // The build's first load (what the entry imports statically) names none of the lazy features.
    expect(firstLoad.size, 'the build has a first load').toBeGreaterThan(0);
    for (const file of firstLoad) {
      const name = chunkName(new URL(file, dist.base), dist.base);
      expect(CONVERSATION_FEATURES, `${file} is imported statically by the entry`).not.toContain(name);
    }

    // Closed: every file of the first load, and of the conversation nothing.
    const closed = distFilesLoaded(traffic);
    for (const file of firstLoad) expect(closed, `the first load's ${file}`).toContain(file);
    for (const feature of CONVERSATION_FEATURES) expect(chunksLoaded(traffic), `a closed widget loaded ${feature}`).not.toContain(feature);
    expect(agentCalls(traffic), 'requests a closed widget made to the server origin').toEqual([]);
    expect(host.agentRequests.slice(agentRequestsBefore), 'requests the agent server received').toEqual([]);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.opened)).toBe(false);

    // Open: the conversation chunk and the tool catalog; not the history of a session the element has just made up
    // (the server cannot have one: asking would only print a 404 in the console).
    await launcher(page).click();
    await composer(page).waitFor({ state: 'visible', ...WAIT });
    expect(chunksLoaded(traffic)).toContain(CONVERSATION);
    const sessionId = await page.evaluate(() => document.querySelector('agent-chat')!.sessionId);
    await expect.poll(() => agentCalls(traffic), WAIT).toEqual(expect.arrayContaining(['GET /api/agent/tools']));
    expect(agentCalls(traffic)).not.toContain(`GET /api/agent/sessions/${sessionId}`);
    expect(agentCalls(traffic).filter((call) => !call.startsWith('GET ')), 'opening writes nothing').toEqual([]);

    // A plain text reply: neither the cards nor the autocomplete nor the awaiting-input chunk.
    await sendFromComposer(page, 'hello');
    await reply(page, replyTo('hello')).waitFor(WAIT);
    expect(agentCalls(traffic)).toContain(`POST /api/agent/sessions/${sessionId}/messages`);
    await settle(page);
    for (const feature of [CARDS, AUTOCOMPLETE, AWAITING_INPUT, EPHEMERAL_FRAME]) {
      expect(chunksLoaded(traffic), `a plain text conversation loaded ${feature}`).not.toContain(feature);
    }

    // The first "@" typed: the autocomplete chunk.
    await composer(page).focus();
    await composer(page).pressSequentially('@');
    await expect.poll(() => chunksLoaded(traffic), WAIT).toContain(AUTOCOMPLETE);
    expect(chunksLoaded(traffic), 'the autocomplete is not the cards').not.toContain(CARDS);

    await closeClean(page, traffic);
  });

  it('a reply with a tool call loads the cards chunk (for its chip), and nothing for autocomplete', async () => {
    const { page, traffic } = await openChat();
    expect(chunksLoaded(traffic), 'before the tool call').not.toContain(CARDS);

    await sendFromComposer(page, 'look up order A-1');
    await reply(page, 'Order A-1 has shipped.').waitFor(WAIT);
    await page.locator('agent-chat [part~="tool-chip"]').first().waitFor({ state: 'visible', ...WAIT });
    expect(chunksLoaded(traffic)).toContain(CARDS);
    expect(chunksLoaded(traffic)).not.toContain(AUTOCOMPLETE);

    await closeClean(page, traffic);
  });

  it('a call that waits for confirmation loads the cards and the awaiting-input chunks, and confirming finishes the turn', async () => {
    const { page, traffic } = await openChat();
    expect(chunksLoaded(traffic), 'before the confirmation').not.toContain(AWAITING_INPUT);

    await sendFromComposer(page, 'delete order A-1');
    const confirm = page.locator('agent-chat [part~="card-confirm"]');
    await confirm.waitFor({ state: 'visible', ...WAIT });
    expect(chunksLoaded(traffic)).toContain(CARDS);
    await expect.poll(() => chunksLoaded(traffic), WAIT).toContain(AWAITING_INPUT);

    await confirm.click();
    await reply(page, 'Order A-1 is deleted.').waitFor(WAIT);
    const sessionId = await page.evaluate(() => document.querySelector('agent-chat')!.sessionId);
    expect(agentCalls(traffic)).toContain(`POST /api/agent/sessions/${sessionId}/resume`);

    await closeClean(page, traffic);
  });
});

describe('a closed widget and the runs its host starts', () => {
  it('asks nothing until the host sends; the reply then shows as unread on the launcher, which opening clears', async () => {
    const { page, traffic } = await openHostPage();
    await launcher(page).waitFor({ state: 'visible', ...WAIT });
    await settle(page);
    expect(agentCalls(traffic), 'before the host starts a run').toEqual([]);
    const badge = page.locator('agent-chat [part~="badge"]');
    expect(await badge.count(), 'no badge before any reply').toBe(0);

    // send() resolves once its reply has finished.
    await page.evaluate(() => document.querySelector('agent-chat')!.send('hello from the host'));
    const sessionId = await page.evaluate(() => document.querySelector('agent-chat')!.sessionId);
    expect(agentCalls(traffic)).toContain(`POST /api/agent/sessions/${sessionId}/messages`);
    expect(chunksLoaded(traffic), 'a host run needs the conversation').toContain(CONVERSATION);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.opened), 'the widget stays closed').toBe(false);
    await expect.poll(() => badge.textContent(), WAIT).toBe('1');
    expect(await launcher(page).getAttribute('aria-label')).toMatch(/1/);

    // A trigger is a run the host starts too: a second unread reply.
    const finished = page.evaluate(
      () => new Promise<void>((resolve) => document.querySelector('agent-chat')!.addEventListener('agent-chat-run-finish', () => resolve(), { once: true })),
    );
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.trigger('cart-updated', { items: 2 }))).toBe(true);
    await finished;
    await expect.poll(() => badge.textContent(), WAIT).toBe('2');

    // Opening shows the replies and clears the count.
    await launcher(page).click();
    await reply(page, replyTo('hello from the host')).waitFor(WAIT);
    await expect.poll(() => badge.count(), WAIT).toBe(0);

    await closeClean(page, traffic);
  });
});
