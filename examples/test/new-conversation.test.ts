import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';
import { recordTraffic, type PageTraffic } from './support/page-traffic.js';
import { serveTestBundle } from './support/test-bundle.js';

// Issue #31: a conversation whose id the page chose (a new discovery, a new carousel) asked the server for its
// history and got a 404, which Chromium prints as a console error each time. A new conversation now makes no failed
// request: the server answers a session the caller never used with its empty history (docs/protocol.md).

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

/** Every answer of 400 or more the page got, and the requests that never got one. */
function recordFailures(page: Page): { traffic: PageTraffic; refused: string[] } {
  const traffic = recordTraffic(page);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { traffic, refused };
}

/** The GETs of a session's history (`…/sessions/<id>`) the page has had answered, by session id. */
function historyAnswers(page: Page): Map<string, number[]> {
  const answers = new Map<string, number[]>();
  page.on('response', (response) => {
    const session = /\/sessions\/([^/?]+)$/.exec(new URL(response.url()).pathname)?.[1];
    if (!session || response.request().method() !== 'GET') return;
    answers.set(decodeURIComponent(session), [...(answers.get(decodeURIComponent(session)) ?? []), response.status()]);
  });
  return answers;
}

/** The element's session once it has loaded that conversation: its empty line no longer says it is loading. */
async function loadedEmpty(page: Page): Promise<string> {
  const empty = page.locator('agent-chat [part~="empty"]');
  await expect.poll(() => empty.textContent()).toContain('Send a message to start.');
  return page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId);
}

async function openChat(page: Page): Promise<void> {
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  const opened = await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { opened: boolean }).opened);
  if (!opened) await page.locator('agent-chat [part~="launcher"]').click();
  await page.locator('agent-chat textarea').first().waitFor({ state: 'visible' });
}

describe('a new conversation makes no failed request (issue #31)', () => {
  it('a new discovery, and another after it: its history is asked for and answered empty, with no 404 and no console error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { traffic, refused } = recordFailures(page);
    const answers = historyAnswers(page);
    await page.goto(`${server.url}/discovery/`);

    await page.getByRole('button', { name: 'Start an empty one' }).click();
    await openChat(page);
    const first = await loadedEmpty(page);
    expect(first).toMatch(/^discovery-/);
    // The page (restoreChat) and the element both asked: the point is that they did, and were answered 200.
    await expect.poll(() => answers.get(first)?.length ?? 0).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: 'New discovery' }).click();
    await expect.poll(() => page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId)).not.toBe(first);
    const second = await loadedEmpty(page);
    await expect.poll(() => answers.get(second)?.length ?? 0).toBeGreaterThanOrEqual(2);

    expect([...answers.values()].flat().every((status) => status === 200), JSON.stringify([...answers])).toBe(true);
    expect(refused).toEqual([]);
    expect(traffic.failed).toEqual([]);
    expect(traffic.consoleErrors).toEqual([]);
    expect(traffic.pageErrors).toEqual([]);
    await context.close();
  }, 30_000);

  it('a new carousel: the editor names its conversation, which loads empty, with no 404 and no console error', async () => {
    // A fresh profile: no carousel remembered, so the page makes up a new id and gives it to the element.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await serveTestBundle(page);
    const { traffic, refused } = recordFailures(page);
    const answers = historyAnswers(page);
    await page.goto(`${server.url}/slides/`);
    await page.locator('[data-slide="2"] .slide-title').waitFor();
    await openChat(page);
    const carousel = await loadedEmpty(page);
    expect(carousel).toMatch(/^carousel-/);
    await expect.poll(() => answers.get(carousel)).toEqual([200]);

    expect(refused).toEqual([]);
    expect(traffic.failed).toEqual([]);
    expect(traffic.consoleErrors).toEqual([]);
    expect(traffic.pageErrors).toEqual([]);
    await context.close();
  }, 30_000);
});
