import { cancelRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import { sessionNotFound } from './with-session.js';

/**
 * POST /sessions/:sessionId/cancel: stop the session's run between steps, on whichever instance runs it. Answers
 * 200 either way, since a Stop that races the run's own end is normal; `cancelled` says whether there was a run to
 * stop. With `{ toolCallId }` it stops only the sub-agent that call started (and those below it): its call gets a
 * result that says so, and the rest of the run goes on. A session the caller does not have is a 404: the slot and
 * the session are the caller's own of this id, so another principal's run of the same id is neither stopped nor seen.
 */
export function cancelRoute(runtime: Pick<Runtime, 'runs' | 'store' | 'limits'>) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/cancel', sessionIdParam, jsonBody(cancelRequestSchema, runtime.limits, {}, { empty: {} }), async (c) => {
    const ref = c.get('sessionRef');
    const body = c.get('body');
    const holder = await runtime.runs.holder(ref.key);
    if (holder) {
      await runtime.runs.requestCancel(ref.key, holder.runId, body.toolCallId);
      return c.json({ cancelled: true });
    }
    if (!(await loadOwnSession(runtime.store, ref))) return sessionNotFound(c, ref.id);
    return c.json({ cancelled: false });
  });
}
