import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';

/** The origins allowed to call the agent from a browser, besides the server's own: a list, or a decision per request. */
export type AllowedOrigins = readonly string[] | ((origin: string, c: Context) => boolean | Promise<boolean>);

/**
 * A browser request from a page of another origin gets 403 unless `origins` allows it: with cookie auth a hostile
 * page could otherwise drive the agent with the victim's cookies. Requests without an Origin header (servers, curl)
 * are not browsers' cross-site requests and pass; authorization still applies to them.
 */
export function originGuard(origins: AllowedOrigins | undefined) {
  const allowed = originPolicy(origins);
  const corsMiddleware = cors({
    origin: async (origin, c) => ((await allowed(origin, c)) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['retry-after'],
    maxAge: 600,
  });
  return createMiddleware<AgentChatEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !(await allowed(origin, c))) {
      return errorJson(c, 403, 'forbidden', `origin: ${origin} may not call this agent (see the server's origins option)`, { field: 'origin' });
    }
    return corsMiddleware(c, next);
  });
}

function originPolicy(origins: AllowedOrigins | undefined): (origin: string, c: Context) => boolean | Promise<boolean> {
  const listed = typeof origins === 'function' ? undefined : new Set(origins ?? []);
  return (origin, c) => {
    if (sameOrigin(origin, c)) return true;
    return listed ? listed.has(origin) : (origins as Exclude<AllowedOrigins, readonly string[]>)(origin, c);
  };
}

/**
 * The page is the server's own. Behind a proxy the request URL may name an inner host, so the browser's own
 * Sec-Fetch-Site (which a page cannot set) and the Host header count too.
 */
function sameOrigin(origin: string, c: Context): boolean {
  if (c.req.header('sec-fetch-site') === 'same-origin') return true;
  if (origin === new URL(c.req.url).origin) return true;
  const host = c.req.header('x-forwarded-host') ?? c.req.header('host');
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
