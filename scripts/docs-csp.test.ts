// docs/host-page.md says the script-tag bundle runs under a strict Content-Security-Policy (no 'unsafe-inline',
// no 'unsafe-eval'): its styles are constructable stylesheets, its few computed sizes go through the CSSOM, and it
// has no inline script. This checks that in Chromium, through a whole turn (its answer card from the chunk the
// bundle imports on first use), in the floating and docked frames.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgentChat, defineTool, finalAnswerTool, scriptedModel } from '@agent-chat/server';
import { serveApp, type RunningServer } from '@agent-chat/server/testing';
import { Hono } from 'hono';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bundlePath = join(root, 'packages/element/dist/agent-chat.js');

/** The policy docs/host-page.md recommends, at its strictest: nothing inline, nothing from elsewhere. */
const POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>agent-chat under CSP</title></head><body>
<script type="module" src="/watch-violations.js"></script>
<script type="module" src="/agent-chat.js"></script>
<agent-chat endpoint="/api/agent" mode="floating"></agent-chat>
</body></html>`;

// A page script of its own ('self'), since the policy forbids inline ones.
const WATCH = `window.violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));`;

const ANSWER = 'The answer card, from its chunk.';
const REPLY = 'Done: **bold**, `code` and a [link](https://example.com).\n\n```js\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(bundlePath)) throw new Error(`${bundlePath} is missing: run npm run build first`);
  const look = defineTool({ name: 'look', description: 'Look around', input: z.object({}), label: 'Looking', execute: () => 'seen' });
  const agent = createAgentChat({
    // The final answer's card comes from a chunk the bundle imports when first needed (dist/chunks/).
    model: scriptedModel([[{ thinking: 'Let me look.' }, { tool: 'look' }], [{ text: REPLY }, { tool: 'final_answer', input: { summary: ANSWER } }]]),
    tools: [look, finalAnswerTool()],
    secret: 'a-test-secret-of-at-least-32-chars!',
  });
  const bundle = readFileSync(bundlePath, 'utf8');
  const js = { 'content-type': 'text/javascript' };
  server = await serveApp(
    new Hono()
      .get('/', (c) => c.html(PAGE, 200, { 'content-security-policy': POLICY }))
      .get('/watch-violations.js', (c) => c.body(WATCH, 200, js))
      .get('/agent-chat.js', (c) => c.body(bundle, 200, js))
      .get('/chunks/:file{[\\w-]+\\.js}', async (c) => c.body(await readFile(join(dirname(bundlePath), 'chunks', c.req.param('file')), 'utf8'), 200, js))
      .route('/api/agent', agent),
  );
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('the script-tag bundle works under a CSP without unsafe-inline or unsafe-eval, with no violation', async () => {
  const page = await browser.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(server.url);
  const chat = page.locator('agent-chat');
  await chat.locator('[part~="launcher"]').click();
  await chat.locator('textarea').fill('Hello');
  await chat.locator('textarea').press('Enter');
  await chat.locator('p', { hasText: 'Done:' }).waitFor();
  await chat.locator('[part~="answer-summary"]', { hasText: ANSWER }).waitFor();

  // The styles applied: the floating panel is laid out by its stylesheet and placed through the CSSOM.
  const floating = await chat.locator('[part~="panel"]').first().evaluate((panel) => ({
    position: getComputedStyle(panel).position,
    width: panel.getBoundingClientRect().width,
  }));
  expect(floating.position).toBe('fixed');
  expect(floating.width).toBeGreaterThan(200);

  await chat.evaluate((element) => element.setAttribute('mode', 'docked'));
  await expect.poll(() => chat.locator('[part~="panel"]').first().evaluate((panel) => panel.getBoundingClientRect().width)).toBeGreaterThan(200);

  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  expect(refused).toEqual([]);
});
