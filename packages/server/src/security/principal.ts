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
    if (typeof principal !== 'string') {
      throw new TypeError('createAgentChat: authorize() must return a string (the principal), or null');
    }
    // A principal this long is most likely a whole token where an id was meant, or a header the caller chose: it
    // names nobody this server keeps sessions for, so the caller is not authorized (it was a 500).
    if (principal.length > MAX_PRINCIPAL_LENGTH) {
      return errorJson(c, 401, 'unauthorized', `Not authorized: the principal is longer than ${MAX_PRINCIPAL_LENGTH} characters.`);
    }
    c.set('principal', principal);
    await next();
  });
}
