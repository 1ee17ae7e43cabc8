import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';

/**
 * POST /sessions/:sessionId/cancel: stop the session's run between steps. Answers 200 either way, since a Stop
 * that races the run's own end is normal; `cancelled` says whether there was a run to stop.
 */
export function cancelRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/cancel', sessionIdParam, (c) =>
    c.json({ cancelled: runtime.runs.cancel(c.get('sessionId')) }),
  );
}
