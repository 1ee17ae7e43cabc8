import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

describe('examples/script-tag from the demo server', () => {
  it('is one script tag and one element, and chats: thinking, a tool call and the streamed reply', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/script-tag/`);

    const html = await (await fetch(`${server.url}/script-tag/`)).text();
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<agent-chat[\s>]/g)).toHaveLength(1);

    const finished = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.querySelector('agent-chat')!.addEventListener('agent-chat-run-finish', (event) =>
            resolve((event as CustomEvent<{ stopReason: string }>).detail.stopReason),
          ),
        ),
    );
    const input = page.locator('agent-chat textarea');
    await input.fill('Hello from the script tag');
    await input.press('Enter');

    expect(await finished).toBe('end_turn');
    await expect.poll(() => page.getByText('offline demo model').count()).toBeGreaterThan(0);
    expect(await page.getByText('Hello from the script tag').count()).toBeGreaterThan(0);
    // The tool's step is drawn by the cards chunk, loaded when first needed: the run's end does not wait for it.
    await expect.poll(() => page.getByText('Checking the time').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);

    // The run is stored by the demo's file store: a reload shows it again.
    await page.reload();
    await expect.poll(() => page.getByText('offline demo model').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('serves an index that links every example, each of which answers, and names the model in use', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const names = ['script-tag', 'slides', 'persona', 'discovery', 'study'];
    for (const name of names) {
      expect(html).toContain(`href="/${name}/"`);
      const page = await fetch(`${server.url}/${name}/`);
      expect(page.status, name).toBe(200);
      expect(await page.text(), name).toMatch(/<agent-chat[\s>]/);
    }
    expect(html).toContain('offline scripted demo model');
  });
});
