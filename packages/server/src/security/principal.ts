import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';

/**
 * Who is calling: the host's answer for this request, a principal id (its user id, an API key's owner…), or null
 * for nobody. Every session belongs to the principal that created it.
 */
export type Authorize = (c: Context) => string | null | undefined | Promise<string | null | undefined>;

const MAX_PRINCIPAL_LENGTH = 512;

/** Run before every route: a request with no principal gets a 401 and touches nothing. */
export function principalMiddleware(authorize: Authorize) {
  return createMiddleware<AgentChatEnv>(async (c, next) => {
    const principal = await authorize(c);
    if (principal === null || principal === undefined || principal === '') {
      return errorJson(c, 401, 'unauthorized', 'Not authorized: sign in again, then retry.');
    }
    if (typeof principal !== 'string' || principal.length > MAX_PRINCIPAL_LENGTH) {
      throw new TypeError(`createAgentChat: authorize() must return a string of at most ${MAX_PRINCIPAL_LENGTH} characters, or null`);
    }
    c.set('principal', principal);
    await next();
  });
}
