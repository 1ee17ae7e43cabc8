import { answerInputRequestSchema, type AnswerInputRequest, type AnswerInputResponse, type FieldIssue, type InputAnswer } from '@agent-chat/protocol';
import { Hono, type Context } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { checkFormAnswer } from '../session/check-form-answer.js';
import { commitSession } from '../session/commit-session.js';
import { keepInputAnswer, publicInputRequest } from '../session/input-request-record.js';
import { loadOwnSession } from '../session/owned-session.js';
import type { StoredInputRequest } from '../session/session-record.js';
import { sessionNotFound, withSession } from './with-session.js';

/**
 * POST /sessions/:sessionId/input-requests/:requestId: the user's answer to what a running tool call asked
 * (ctx.requestInput, an MCP server's elicitation or sampling request). Checked against the request (a form's
 * content against its schema: a 400 names the field), then handed to the run that waits for it, on whichever
 * instance runs it, through the run coordinator, which takes one answer per request: any other is a 409, as is an
 * answer to a request whose run has ended. A session or request the caller does not have is a 404.
 */
export function inputRequestRoute(runtime: Pick<Runtime, 'runs' | 'store' | 'limits'>) {
  return new Hono<AgentChatEnv>().post(
    '/sessions/:sessionId/input-requests/:requestId',
    sessionIdParam,
    jsonBody(answerInputRequestSchema, runtime.limits),
    async (c) => {
      const ref = c.get('sessionRef');
      const requestId = c.req.param('requestId');
      const session = await loadOwnSession(runtime.store, ref);
      if (!session) return sessionNotFound(c, ref.id);
      const request = session.inputRequests?.find((candidate) => candidate.requestId === requestId);
      if (!request) {
        return errorJson(c, 404, 'not_found', `Session "${ref.id}" has no input request "${requestId}".`, { field: 'requestId' });
      }
      if (request.answer) return answeredBefore(c, request);
      const body = c.get('body');
      const issues = answerIssues(request, body);
      if (issues.length > 0) return invalidRequest(c, issues);

      const holder = await runtime.runs.holder(ref.key);
      if (holder?.runId !== request.runId) {
        // Its run has ended, or died with its instance. A run that started since has closed it already; with none
        // running, it is closed here, so the card shows it ended rather than waiting for ever.
        const gone = `The tool call that asked (input request "${requestId}") is no longer running: its run has ended.`;
        if (holder) return errorJson(c, 409, 'conflict', gone);
        return withSession(c, runtime, { create: false, busy: gone }, async (held) => {
          if (keepInputAnswer(held, requestId, { action: 'cancel', by: 'ended' })) await commitSession(runtime.store, held);
          return errorJson(c, 409, 'conflict', gone);
        });
      }
      const answer: InputAnswer = { action: body.action, ...(body.content ? { content: body.content } : {}), by: 'user' };
      if (!(await runtime.runs.answerInput(ref.key, request.runId, requestId, answer))) return answeredBefore(c, request);
      return c.json({ request: { ...publicInputRequest(request), answer } } satisfies AnswerInputResponse);
    },
  );
}

function answeredBefore(c: Context, request: StoredInputRequest): Response {
  return errorJson(c, 409, 'conflict', `Input request "${request.requestId}" was already answered.`);
}

/** What is wrong with an answer to this request: content only with a form's `accept`, and then as its schema says. */
function answerIssues(request: StoredInputRequest, body: AnswerInputRequest): FieldIssue[] {
  if (body.content && body.action !== 'accept') return [{ field: 'content', message: `content: only an accept has content, not a ${body.action}` }];
  if (body.content && request.kind !== 'form') return [{ field: 'content', message: `content: a ${request.kind} request is answered without content` }];
  if (body.action !== 'accept' || request.kind !== 'form' || !request.schema) return [];
  return checkFormAnswer(request.schema, body.content ?? {});
}
