import { branchRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { switchBranch } from '../session/branches.js';
import { commitSession } from '../session/commit-session.js';
import { sessionResponse } from '../session/session-response.js';
import { withSession } from './with-session.js';

/**
 * POST /sessions/:sessionId/branch `{ turnId, index }`: show another alternative at a branch point of the current
 * path (an edited message's other versions, a retried reply's others). Answers with the session as GET
 * /sessions/:id does, so a client redraws from it. Refused (409) while a run is in flight.
 */
export function branchRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/branch', sessionIdParam, jsonBody(branchRequestSchema, runtime.limits), (c) => {
    const { turnId, index } = c.get('body');
    const busy = `Session "${c.get('sessionId')}" has a run in progress: switch branches once it has ended.`;
    return withSession(c, runtime, { create: false, busy }, async (session) => {
      const refusal = switchBranch(session, turnId, index);
      if (refusal) return errorJson(c, refusal.status, refusal.code, refusal.message, { field: refusal.status === 400 ? 'index' : 'turnId' });
      session.updatedAt = Date.now();
      await commitSession(runtime.store, session, { replaceTurns: true });
      // The slot is this request's: no run is in flight.
      const answer = sessionResponse(runtime.deps.state, session, false);
      return c.json(answer);
    });
  });
}
