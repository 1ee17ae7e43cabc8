// The element's installed script-tag bundle (dist/agent-chat.js, found through the package's exports) loaded by a
// page in Chromium, chatting with the installed server under plain node on the same origin.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { startChildServer, stopAllChildServers, type ChildServer } from './support/child-server.js';
import { INSTALL_TIMEOUT_MS, TEST_TIMEOUT_MS, installedFixture } from './support/installed-project.js';
import { EXPECTED_REPLY } from './support/scripted-turn.js';

let server: ChildServer;
let browser: Browser;
beforeAll(async () => {
  const { dir } = await installedFixture('app', 'browser-app');
  const { NODE_OPTIONS: _options, ...env } = process.env;
  [server, browser] = await Promise.all([
    startChildServer(process.execPath, ['serve-node.mjs'], { cwd: dir, env }),
    chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, timeout: 30_000 }),
  ]);
}, INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await stopAllChildServers();
});

describe("the element's installed dist/agent-chat.js in Chromium", () => {
  it('registers <agent-chat>, sends a message and shows the streamed reply and the tool call in its shadow DOM', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      const what = `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`;
      // A new conversation has no history yet: the element asks for it and is told 404, as designed.
      if (response.status() >= 400 && !/^404 GET \/api\/sessions\/[^/]+$/.test(what)) problems.push(what);
    });
    const bundle = page.waitForResponse((response) => response.url().endsWith('/agent-chat.js'), { timeout: 15_000 });
    await page.goto(server.url, { timeout: 15_000 });
    expect((await bundle).status()).toBe(200);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined, undefined, { timeout: 15_000 });

    // The element's own event says the run ended; recorded from before the message is sent.
    await page.evaluate(() => {
      const element = document.querySelector('agent-chat')!;
      element.addEventListener('agent-chat-run-finish', (event) => {
        (window as unknown as { finished: string }).finished = (event as CustomEvent<{ stopReason: string }>).detail.stopReason;
      });
    });
    const input = page.locator('agent-chat textarea');
    await input.fill('Where do you run?', { timeout: 15_000 });
    await input.press('Enter');
    await page.waitForFunction(() => (window as unknown as { finished?: string }).finished !== undefined, undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { finished: string }).finished)).toBe('end_turn');

    // Playwright's locators pierce open shadow roots; the light DOM holds none of this text.
    const log = page.locator('agent-chat').getByRole('log');
    await log.getByText(EXPECTED_REPLY).waitFor({ state: 'visible', timeout: 15_000 });
    await log.getByText('Checking where the server runs').first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await log.getByText('Where do you run?').count()).toBe(1);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.textContent?.trim())).toBe('');
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.shadowRoot !== null)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, TEST_TIMEOUT_MS);
});
