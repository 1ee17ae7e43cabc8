import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * While `npm run build` refuses to write the bundle (over its size budget), a bundle built from the same sources can
 * be served in its place: AGENT_CHAT_TEST_BUNDLE=/path/to/agent-chat.js (its chunks/ beside it). Unset, the demo
 * server's own is used.
 */
export async function serveTestBundle(page: Page): Promise<void> {
  const bundlePath = process.env.AGENT_CHAT_TEST_BUNDLE ?? process.env.SLIDES_TEST_BUNDLE;
  if (!bundlePath) return;
  const bundle = readFileSync(bundlePath);
  await page.route('**/agent-chat.js', (route) => route.fulfill({ body: bundle, contentType: 'text/javascript' }));
  await page.route('**/chunks/*.js', (route) =>
    route.fulfill({ body: readFileSync(join(dirname(bundlePath), 'chunks', basename(new URL(route.request().url()).pathname))), contentType: 'text/javascript' }),
  );
}
