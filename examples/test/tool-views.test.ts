import type { SessionResponse } from '@agent-chat/protocol';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { forecastFor } from '../tool-views/server/forecast.js';
import { headlineFor } from '../tool-views/server/demo-model.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

// examples/tool-views end to end: the real demo server with its offline scripted model, the element from its
// script-tag bundle, and the page's own views of two tools (a weather card by tag name, a choice picker as a Node).

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

interface Seen {
  status: string;
  city: string;
  headline: string;
  days: number;
}

/** The page, recording each run the element finishes and every state the weather card was drawn in. */
async function visit(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { finishedRuns: string[]; cardStates: Seen[] };
    w.finishedRuns = [];
    w.cardStates = [];
    document.addEventListener('agent-chat-run-finish', (event) => w.finishedRuns.push((event as CustomEvent<{ stopReason: string }>).detail.stopReason));
    // Each state of the card as it is drawn, read from its own shadow root (the page's element, not a test double):
    // the card's shadow root is watched from the moment it is made, and what it shows is kept after each change.
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init);
      if (this.localName !== 'weather-card') return root;
      new MutationObserver(() => {
        const section = root.querySelector('section');
        if (!section) return;
        const seen: Seen = {
          status: section.dataset['status'] ?? '',
          city: root.querySelector('h3')?.textContent ?? '',
          headline: root.querySelector('.headline')?.textContent ?? '',
          days: root.querySelectorAll('li').length,
        };
        const last = w.cardStates.at(-1);
        if (!last || JSON.stringify(last) !== JSON.stringify(seen)) w.cardStates.push(seen);
      }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
      return root;
    };
  });
  await page.goto(`${server.url}/tool-views/`);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, errors };
}

const runs = (page: Page) => page.evaluate(() => (window as unknown as { finishedRuns: string[] }).finishedRuns);
const cardStates = (page: Page) => page.evaluate(() => (window as unknown as { cardStates: Seen[] }).cardStates);

async function send(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
}

async function stored(page: Page): Promise<SessionResponse> {
  const session = await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId);
  return (await page.request.get(`${server.url}/tool-views/api/agent/sessions/${session}`)).json() as Promise<SessionResponse>;
}

describe('examples/tool-views from the demo server', () => {
  it('draws get_weather as a card that fills in from the streaming input, then shows the forecast', async () => {
    const { page, errors } = await visit();
    await send(page, 'Weather in Porto');
    await expect.poll(() => runs(page), { timeout: 15_000 }).toEqual(['end_turn']);

    const card = page.locator('weather-card');
    await expect.poll(() => card.locator('li').count()).toBe(3);
    expect(await card.locator('h3').textContent()).toBe('Weather in Porto');
    expect(await card.locator('.headline').textContent()).toBe(headlineFor('Porto'));
    const forecast = forecastFor('Porto');
    expect(await card.locator('li').first().textContent()).toContain(`${forecast.days[0]!.high}°`);
    // No default chip for this call: the page's card stands in its place.
    expect(await page.locator('agent-chat [part~="tool-chip"]').count()).toBe(0);

    // It was drawn while the model wrote its request: a headline part-way, before any forecast.
    const states = await cardStates(page);
    const streaming = states.filter((state) => state.status === 'streaming');
    expect(streaming.some((state) => state.headline.length > 0 && state.headline.length < headlineFor('Porto').length)).toBe(true);
    expect(streaming.every((state) => state.days === 0)).toBe(true);
    expect(states.at(-1)).toMatchObject({ status: 'done', days: 3 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks for the page views\' chunk beside the cards chunk, not after it, so a slow link delays the card by one load', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The cards chunk is held until the tool views' chunk has been asked for (or 5 s): were that asked only once the
    // cards are in (by the chip's render), the views would come after the cards, one load after the other.
    const order: string[] = [];
    let viewsAsked!: () => void;
    const viewsRequested = new Promise<void>((resolve) => (viewsAsked = resolve));
    await page.route(/\/chunks\/tool-views-\w+\.js$/, async (route) => {
      order.push('views asked');
      viewsAsked();
      await route.continue();
    });
    await page.route(/\/chunks\/cards-\w+\.js$/, async (route) => {
      order.push('cards asked');
      await Promise.race([viewsRequested, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      order.push('cards sent');
      await route.continue();
    });
    await page.goto(`${server.url}/tool-views/`);
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await send(page, 'Weather in Porto');

    await expect.poll(() => page.locator('weather-card h3').textContent(), { timeout: 15_000 }).toBe('Weather in Porto');
    // Both asked for (in either order) before the cards came.
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe('cards sent');
    expect(new Set(order)).toEqual(new Set(['cards asked', 'views asked', 'cards sent']));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks with the choice picker; the choice goes to the agent, which then draws that city\'s card', async () => {
    const { page, errors } = await visit();
    await send(page, 'What should I pack?');
    const oslo = page.locator('agent-chat fieldset.choice-picker button', { hasText: 'Oslo' });
    await expect.poll(() => oslo.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('agent-chat fieldset.choice-picker legend').textContent()).toBe('Which city should I look up?');
    // The run ended there, waiting for the user, as for a confirmation card; the click carries the turn on.
    await expect.poll(() => runs(page)).toEqual(['awaiting_input']);
    await oslo.click();

    await expect.poll(() => runs(page), { timeout: 15_000 }).toEqual(['awaiting_input', 'end_turn']);
    await expect.poll(() => page.locator('weather-card h3').textContent()).toBe('Weather in Oslo');
    expect(await page.locator('agent-chat fieldset.choice-picker').textContent()).toContain('You chose Oslo.');
    expect(await oslo.isDisabled()).toBe(true);

    // The agent got the value as the client tool's result, stored like any other.
    const history = await stored(page);
    const results = history.turns.filter((turn) => turn.type === 'tool_result');
    expect(results[0]).toMatchObject({ name: 'choose_option', output: 'Oslo', isError: false });
    expect(results[1]).toMatchObject({ name: 'get_weather', isError: false, output: forecastFor('Oslo') });
    expect(errors).toEqual([]);

    // A reload draws the same views from the stored history.
    await page.reload();
    await expect.poll(() => page.locator('weather-card h3').textContent()).toBe('Weather in Oslo');
    expect(await page.locator('agent-chat fieldset.choice-picker').textContent()).toContain('You chose Oslo.');
    await page.close();
  });
});
