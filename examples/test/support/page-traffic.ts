// What a page asked for and what went wrong in it, recorded from the moment a test attaches it (before goto).
import type { Page } from 'playwright-core';

export interface PageRequest {
  method: string;
  url: URL;
  resourceType: string;
}

export interface PageTraffic {
  requests: PageRequest[];
  /** `METHOD url: error text` of every request that did not complete (refused, aborted, blocked by CORS). */
  failed: string[];
  /** Console messages of type error, with the URL they name when Chromium gives one. */
  consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections. */
  pageErrors: string[];
  /** The requests made to one origin, the page's own document excepted. */
  to(origin: string): PageRequest[];
}

export function recordTraffic(page: Page): PageTraffic {
  const traffic: PageTraffic = {
    requests: [],
    failed: [],
    consoleErrors: [],
    pageErrors: [],
    to: (origin) => traffic.requests.filter((request) => request.url.origin === origin && request.resourceType !== 'document'),
  };
  page.on('request', (request) => {
    traffic.requests.push({ method: request.method(), url: new URL(request.url()), resourceType: request.resourceType() });
  });
  page.on('requestfailed', (request) => traffic.failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    traffic.consoleErrors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => traffic.pageErrors.push(error.message));
  return traffic;
}

/**
 * The name esbuild gave a chunk (`chunks/<name>-<hash>.js` → `<name>`; shared code is `chunk`), or undefined for a
 * URL that is not a chunk under `base`.
 */
export function chunkName(url: URL, base: string): string | undefined {
  if (!url.href.startsWith(`${base}chunks/`)) return undefined;
  return /\/([\w-]+?)-[A-Z0-9]+\.js$/.exec(url.pathname)?.[1];
}
