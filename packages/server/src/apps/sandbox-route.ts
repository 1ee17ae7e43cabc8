import type { ViewCsp } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import type { Apps } from './apps-options.js';
import { sandboxPage } from './sandbox-page.js';
import { allowAttribute, cleanCsp, knownFeatures, restrictedCsp, viewCspHeader } from './view-csp.js';

export const SANDBOX_PATH = '/apps/sandbox';

/** Whether a request came to the sandbox origin (by its Host), rather than to the API's. */
function onSandbox(apps: Apps, url: string): boolean {
  return new URL(url).host === apps.sandboxHost;
}

/**
 * GET /apps/sandbox?csp=…&allow=…: the sandbox proxy page, only on the sandbox origin, with the view's CSP as its
 * header (a `srcdoc` frame keeps its parent's policy, so the view inside is held to it). The CSP is rebuilt here from
 * the declared origins the URL carries, cleaned and tightened by the host's rule, so a URL written by hand gets no
 * more than a server could declare.
 */
export function sandboxRoute(apps: Apps) {
  return new Hono<AgentChatEnv>().get(SANDBOX_PATH, (c) => {
    if (!onSandbox(apps, c.req.url)) return errorJson(c, 404, 'not_found', 'The sandbox page is served on the sandbox origin only.');
    const csp = restrictedCsp(cleanCsp(parseJson(c.req.query('csp'))), apps.restrictCsp);
    const features = knownFeatures((c.req.query('allow') ?? '').split(','));
    c.header('content-security-policy', viewCspHeader(csp));
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('cache-control', 'no-store');
    return c.html(sandboxPage(allowAttribute(features)));
  });
}

/** On the sandbox origin nothing but the sandbox page is served: a view there could otherwise call the API as its user. */
export function sandboxHostGuard(apps: Apps) {
  return createMiddleware<AgentChatEnv>(async (c, next) => {
    if (onSandbox(apps, c.req.url)) return errorJson(c, 404, 'not_found', 'Only the sandbox page is served on the sandbox origin.');
    await next();
  });
}

/** The sandbox page's URL for a view: on the sandbox origin, under the path the API is mounted at. */
export function sandboxUrl(apps: Apps, mountPath: string, csp: ViewCsp, features: readonly string[]): string {
  const url = new URL(`${mountPath}${SANDBOX_PATH}`, apps.sandboxOrigin);
  url.searchParams.set('csp', JSON.stringify(csp));
  if (features.length > 0) url.searchParams.set('allow', features.join(','));
  return url.toString();
}

function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
