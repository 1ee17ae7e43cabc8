import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';

const CHANGES_STATE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * A state-changing request must say `application/json`. Forms and `text/plain` are what a hostile page can send
 * cross-site without a preflight; JSON it cannot, so this closes the CSRF door whatever the auth.
 */
export const requireJson = createMiddleware<AgentChatEnv>(async (c, next) => {
  if (CHANGES_STATE.has(c.req.method)) {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return errorJson(c, 415, 'unsupported_media_type', `content-type: ${c.req.method} requests must be application/json (got ${type || 'none'})`, {
        field: 'content-type',
      });
    }
  }
  await next();
});
