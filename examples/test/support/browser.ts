import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/find-chromium.mjs';
import { startDemoServer, type DemoServer } from './demo-server.js';

/** The system's Chromium driven by playwright-core: no browser download, ever. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

/**
 * The demo server and a browser for a test file: started before its tests, closed after them. `set` hands them to
 * the file's own variables.
 */
export function useDemoAndBrowser(set: (started: { server: DemoServer; browser: Browser }) => void): void {
  let started: { server: DemoServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const server = await startDemoServer();
    started = { server, browser: await launchBrowser() };
    set(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
  });
}
