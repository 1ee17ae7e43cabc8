import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { sessionIdSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { useSession } from '../http/session-id.js';
import { checkAnswers } from '../run/answer-pending.js';
import { subagentTree } from '../run/subagent-tree.js';
import { startMessageRun } from '../run/message-run.js';
import { startResumeRun } from '../run/start-run.js';
import type { Runtime } from '../runtime.js';
import { checkMessageLimits } from '../session/message-limits.js';
import { noSuchSession } from '../session/owned-session.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { withSession } from '../routes/with-session.js';
import { liveSurfaces } from '../ui/check-messages.js';
import { storedSurfaceOperations } from './a2ui-activity.js';
import { followAgUi } from './follow-ag-ui.js';
import { storedViewCalls } from './mcp-apps.js';
import { answerProxiedRequest, proxiedRequestOf } from './proxied-request.js';
import { tracedIssue } from './interrupts.js';
import { agUiEventMapper } from './map-events.js';
import { readRunInput } from './read-input.js';
import { resumeInputRequests } from './resume-input.js';
import { storedSubagentCalls } from './subagents.js';

/** The thread is our session (the caller's own of that id): its id must be one a session may have. */
const threadIdParam = createMiddleware<AgentChatEnv>(async (c, next) => {
  const { threadId } = c.get('body') as { threadId: string };
  const parsed = sessionIdSchema.safeParse(threadId);
  if (!parsed.success) {
    const why = parsed.error.issues[0]?.message ?? 'invalid';
    return invalidRequest(c, [{ field: 'threadId', message: `threadId: ${why.replace(/^sessionId/, 'threadId')}` }]);
  }
  await useSession(c, parsed.data);
  await next();
});

/**
 * POST /ag-ui: the agent as an AG-UI agent (protocol 1.0). A RunAgentInput in, checked against @ag-ui/core's own
 * schema; AG-UI events out over SSE. The thread is our session (`threadId` = session id), owned and locked as on
 * every other route; the run is the same background run as POST /messages and POST /resume start, and its events
 * are translated on their way out (map-events.ts), so tools, approvals, Stop and undo behave as they do for
 * `<agent-chat>`.
 */
export function agUiRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/ag-ui', jsonBody(RunAgentInputSchema, runtime.limits, { messages: 'sessionTurns', context: 'contextItems', resume: 'answers' }), threadIdParam, async (c) => {
    const input = c.get('body');
    // A view's own MCP request (MCP Apps), as @ag-ui/mcp-apps-middleware takes it: answered, no run started.
    const proxied = proxiedRequestOf(input);
    if (proxied !== undefined) return answerProxiedRequest(c, runtime, input, proxied);
    // Answers to what a running call asked go to that run, which holds the session: no new run is started.
    const answering = await resumeInputRequests(c, c.get('sessionRef'), runtime, input);
    if (answering) return answering;
    const response = await withSession(c, runtime, { create: true }, async (session, slot) => {
      const request = readRunInput(input, session);
      if ('issue' in request) {
        const { status, issue } = request;
        return status === 409 ? errorJson(c, 409, 'conflict', issue.message, { field: issue.field }) : invalidRequest(c, [issue]);
      }
      const { answers } = request;
      if (request.kind === 'message') {
        const limit = checkMessageLimits({ text: request.text, ...(request.context ? { context: request.context } : {}), ...request.extras }, runtime.limits);
        if (limit) {
          // The text is AG-UI's last user message: the field, and the message that names it, say `messages`; an act is
          // the middleware's forwardedProps.a2uiAction.userAction.
          const act = 'forwardedProps.a2uiAction.userAction';
          const issue =
            limit.field === 'text'
              ? { field: 'messages', message: limit.message.replace(/^text: /, 'messages: the new user message has ') }
              : limit.field === 'action'
                ? { field: act, message: limit.message.replace(/^action: /, `${act}: `) }
                : limit;
          return invalidRequest(c, [issue]);
        }
        // An act on a surface the agent has since deleted (or never drew) has nothing left to answer.
        const action = request.extras?.action;
        if (action && !liveSurfaces(session.turns).has(action.surfaceId)) {
          return errorJson(c, 409, 'conflict', `There is no surface "${action.surfaceId}" in this conversation (any more).`, {
            field: 'forwardedProps.a2uiAction.userAction.surfaceId',
          });
        }
        const full = sessionSizeIssue(session.turns.length, session.historyChars ?? 0, runtime.limits, 'threadId');
        if (full) return errorJson(c, 409, 'session_full', full.message, { field: full.field });
      }
      // Every answer is checked before anything runs, so a bad one leaves the calls open for a corrected try.
      if (answers.decisions.length + answers.results.length > 0) {
        const issue = checkAnswers(session.pending, answers, subagentTree(session, runtime.deps.tools).toolOf);
        if (issue) return invalidRequest(c, [tracedIssue(issue, answers)]);
      }
      // The surfaces as they stand before the run: its ui events extend them (taken before it may append to the turns).
      const surfaces = storedSurfaceOperations(session.turns);
      const after =
        request.kind === 'message'
          ? await startMessageRun(runtime, session, slot, request)
          : await startResumeRun(runtime, session, slot, answers, request.context);
      // A resumed run goes on inside branches begun before it: the mapper names them from the session's calls.
      const subagentCalls = storedSubagentCalls(session.turns, session.subagentTurns);
      const viewCalls = storedViewCalls(session.turns, session.subagentTurns);
      const mapper = agUiEventMapper({ threadId: session.id, runId: input.runId, subagentCalls, viewCalls, surfaces });
      return followAgUi(c, runtime, { session: c.get('sessionRef'), runId: slot.runId, after, mapper });
    });
    // A 404 (from a store that hands out another owner's record: owned-session.ts) is named by this request's field.
    if (response.status !== 404) return response;
    return errorJson(c, 404, 'not_found', noSuchSession(input.threadId).replace('No session', 'No thread'), { field: 'threadId' });
  });
}
