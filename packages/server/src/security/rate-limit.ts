import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';

export interface RateLimitOptions {
  /** Requests one principal may make per window. */
  limit: number;
  /** The window's length in ms. Default 60,000. */
  windowMs?: number;
}

/**
 * A fixed window per principal, in this process's memory: simple, and enough to stop one client from flooding
 * one instance. Past the limit: 429 with Retry-After, in whole seconds until the window turns.
 */
export function rateLimit(options: RateLimitOptions) {
  const { limit } = options;
  const windowMs = options.windowMs ?? 60_000;
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError('createAgentChat: rateLimit.limit must be a whole number ≥ 1');
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new TypeError('createAgentChat: rateLimit.windowMs must be a whole number ≥ 1');
  let windowStart = 0;
  let counts = new Map<string, number>();
  return createMiddleware<AgentChatEnv>(async (c, next) => {
    const now = Date.now();
    // One window for everybody: turning it drops every count at once, so memory never outgrows one window's callers.
    if (now >= windowStart + windowMs) {
      windowStart = now;
      counts = new Map();
    }
    const principal = c.get('principal');
    const count = (counts.get(principal) ?? 0) + 1;
    counts.set(principal, count);
    if (count > limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
      c.header('retry-after', String(retryAfter));
      return errorJson(c, 429, 'rate_limited', `Too many requests: at most ${limit} per ${windowMs / 1000} s. Retry in ${retryAfter} s.`);
    }
    await next();
  });
}
