import type { RunAgentInput } from '@ag-ui/core';
import type { Context } from 'hono';
import { errorJson, invalidRequest } from '../http/errors.js';
import { answerInputRequest } from '../run/answer-input.js';
import type { Runtime } from '../runtime.js';
import { openInputRequests, publicInputRequest } from '../session/input-request-record.js';
import { loadOwnSession } from '../session/owned-session.js';
import type { SessionRef } from '../session/session-ref.js';
import { storedSurfaceOperations } from './a2ui-activity.js';
import { followAgUi } from './follow-ag-ui.js';
import { storedViewCalls } from './mcp-apps.js';
import { inputAnswerFromResume } from './input-interrupts.js';
import { agUiEventMapper } from './map-events.js';
import { storedSubagentCalls } from './subagents.js';

/**
 * A RunAgentInput that answers input requests (interrupts a running call raised, see input-interrupts.ts): each
 * resume entry is the user's answer, handed to the run that waits (answerInputRequest, from any instance), and this
 * AG-UI run follows ours from there. Undefined when the input answers no input request, for the ordinary route.
 * The answers are checked one by one as they are handed over: a bad one is a 400 naming it, and those before it
 * stand (each was taken by the run already, as one POST per request would have been).
 */
export async function resumeInputRequests(c: Context, ref: SessionRef, runtime: Runtime, input: RunAgentInput): Promise<Response | undefined> {
  if (!input.resume?.length) return undefined;
  const session = await loadOwnSession(runtime.store, ref);
  const open = session ? openInputRequests(session) : [];
  const asked = new Set(session?.inputRequests?.map((request) => request.requestId));
  if (!session || !input.resume.some((entry) => asked.has(entry.interruptId))) return undefined;

  const holder = await runtime.runs.holder(ref.key);
  // Read before answering: the AG-UI run follows ours from here, the `input_answered` included.
  const after = (await runtime.events.lastId(ref.key)) ?? session.lastEventId;
  const answered = new Set<string>();
  for (const [index, entry] of input.resume.entries()) {
    const at = `resume.${index}`;
    if (!asked.has(entry.interruptId)) {
      return invalidRequest(c, [{ field: `${at}.interruptId`, message: `${at}.interruptId: the thread has no input request "${entry.interruptId}" (a run answers its own interrupts, or another run's calls, not both)` }]);
    }
    const answer = inputAnswerFromResume(entry, at);
    if ('field' in answer) return invalidRequest(c, [answer]);
    const outcome = await answerInputRequest(runtime, ref, entry.interruptId, answer);
    if (outcome.taken) {
      answered.add(entry.interruptId);
      continue;
    }
    if (outcome.status === 400) {
      return invalidRequest(c, outcome.issues.map((issue) => ({ field: `${at}.payload.${issue.field}`, message: issue.message.replace(issue.field, `${at}.payload.${issue.field}`) })));
    }
    if (outcome.status === 404) return errorJson(c, 404, 'not_found', outcome.message, { field: `${at}.interruptId` });
    return errorJson(c, 409, 'conflict', outcome.message, { field: `${at}.interruptId` });
  }
  if (!holder) return errorJson(c, 409, 'conflict', 'The run that asked is no longer running.', { field: 'resume' });
  const stillOpen = open.filter((request) => !answered.has(request.requestId)).map(publicInputRequest);
  const mapper = agUiEventMapper({
    threadId: session.id,
    runId: input.runId,
    subagentCalls: storedSubagentCalls(session.turns, session.subagentTurns),
    // A call asking the user (an elicitation) may be one with a view: its result, after the answer, brings the view.
    viewCalls: storedViewCalls(session.turns, session.subagentTurns),
    // A surface the call changes after the answer is sent whole, with what it was sent before.
    surfaces: storedSurfaceOperations(session.turns),
  });
  return followAgUi(c, runtime, { session: ref, runId: holder.runId, after, mapper, picksUp: { stillOpen } });
}
