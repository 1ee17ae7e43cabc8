import { answerInputRequestSchema, type AnswerInputResponse } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import { answerInputRequest } from '../run/answer-input.js';
import type { Runtime } from '../runtime.js';

/**
 * POST /sessions/:sessionId/input-requests/:requestId: the user's answer to what a running tool call asked
 * (ctx.requestInput, an MCP server's elicitation or sampling request), handed to the run that waits for it on
 * whichever instance runs it (run/answer-input.ts). 200 with the answered request; 400 naming the field that does
 * not fit the form; 404 for a session or request the caller does not have; 409 once answered, or when its run has
 * ended.
 */
export function inputRequestRoute(runtime: Pick<Runtime, 'runs' | 'store' | 'limits'>) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/input-requests/:requestId',
    sessionIdParam,
    jsonBody(answerInputRequestSchema, runtime.limits),
    async (c) => {
      const outcome = await answerInputRequest(runtime, c.get('sessionRef'), c.req.param('requestId'), c.get('body'));
      if (outcome.taken) return c.json({ request: outcome.request } satisfies AnswerInputResponse);
      switch (outcome.status) {
        case 400:
          return invalidRequest(c, outcome.issues);
        case 404:
          return errorJson(c, 404, 'not_found', outcome.message, { field: outcome.field });
        case 409:
          return errorJson(c, 409, 'conflict', outcome.message);
      }
    },
  );
}
