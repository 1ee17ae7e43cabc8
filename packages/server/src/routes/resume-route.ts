import { resumeRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { followRun } from '../http/follow-run.js';
import { checkAnswers } from '../run/answer-pending.js';
import { subagentTree } from '../run/subagent-tree.js';
import { startResumeRun } from '../run/start-run.js';
import type { Runtime } from '../runtime.js';
import { disconnectPolicy, withSession } from './with-session.js';

/** POST /sessions/:sessionId/resume: answer the calls a run stopped for, and continue the same turn. */
export function resumeRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/resume', sessionIdParam, jsonBody(resumeRequestSchema, runtime.limits, { decisions: 'answers', results: 'answers', 'context.items': 'contextItems' }), (c) => {
    const body = c.get('body');
    return withSession(c, runtime, { create: false }, async (session, slot) => {
      // Answered already (another tab, another instance): the first answer stands, and this one says so.
      if (session.pending.length === 0) {
        return errorJson(c, 409, 'conflict', `Session "${session.id}" has no calls waiting for an answer: they were answered already.`);
      }
      const issue = checkAnswers(session.pending, body, subagentTree(session, runtime.deps.tools).toolOf);
      if (issue) return invalidRequest(c, [issue]);
      const after = await startResumeRun(runtime, session, slot, body, body.context);
      return followRun(c, runtime, { key: slot.key, after, ...disconnectPolicy(runtime, slot) });
    });
  });
}
