import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import { sessionNotFound } from './with-session.js';

/**
 * POST /sessions/:sessionId/cancel: stop the session's run between steps, on whichever instance runs it. Answers
 * 200 either way, since a Stop that races the run's own end is normal; `cancelled` says whether there was a run to
 * stop. Someone else's session is a 404, running or not.
 */
export function cancelRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/cancel', sessionIdParam, async (c) => {
    const sessionId = c.get('sessionId');
    const principal = c.get('principal');
    const holder = await runtime.runs.holder(sessionId);
    if (holder) {
      if (holder.principal !== principal) return sessionNotFound(c, sessionId);
      await runtime.runs.requestCancel(sessionId, holder.runId);
      return c.json({ cancelled: true });
    }
    if (!(await loadOwnSession(runtime, sessionId, principal))) return sessionNotFound(c, sessionId);
    return c.json({ cancelled: false });
  });
}
