import type { AnswerInputRequest, FieldIssue, InputAnswer, InputRequest } from '@agent-chat/protocol';
import type { RunCoordinator } from '../coordination/run-coordinator.js';
import { checkFormAnswer } from '../session/check-form-answer.js';
import { commitSession } from '../session/commit-session.js';
import { keepInputAnswer, publicInputRequest } from '../session/input-request-record.js';
import { loadOwnSession, noSuchSession } from '../session/owned-session.js';
import type { SessionRef } from '../session/session-ref.js';
import type { StoredInputRequest } from '../session/session-record.js';
import type { SessionStore } from '../store/session-store.js';
import { inRunSlot } from './run-slot.js';

/** How an answer to an input request went: taken (the request with it), or why not, as an HTTP answer would say. */
export type InputAnswerOutcome =
  | { taken: true; request: InputRequest }
  | { taken: false; status: 400; issues: FieldIssue[] }
  | { taken: false; status: 404; field: 'sessionId' | 'requestId'; message: string }
  | { taken: false; status: 409; message: string };

/**
 * The user's answer to what a running tool call asked, for the caller's session (`ref`): checked against the request
 * (a form's content against its schema), then handed through the run coordinator to the run that waits, on whichever
 * instance runs it, which takes one answer per request. POST /sessions/:id/input-requests/:requestId answers with
 * it; another face of the same run (AG-UI's resume) may call it as it is.
 */
export async function answerInputRequest(
  runtime: { runs: RunCoordinator; store: SessionStore },
  ref: SessionRef,
  requestId: string,
  body: AnswerInputRequest,
): Promise<InputAnswerOutcome> {
  const session = await loadOwnSession(runtime.store, ref);
  if (!session) return { taken: false, status: 404, field: 'sessionId', message: noSuchSession(ref.id) };
  const request = session.inputRequests?.find((candidate) => candidate.requestId === requestId);
  if (!request) return { taken: false, status: 404, field: 'requestId', message: `Session "${ref.id}" has no input request "${requestId}".` };
  const answeredBefore = { taken: false, status: 409, message: `Input request "${requestId}" was already answered.` } as const;
  if (request.answer) return answeredBefore;
  const issues = answerIssues(request, body);
  if (issues.length > 0) return { taken: false, status: 400, issues };

  const holder = await runtime.runs.holder(ref.key);
  if (holder?.runId !== request.runId) {
    // Its run has ended, or died with its instance. A run that started since has closed it already; with none
    // running, it is closed here, so the card shows it ended rather than waiting for ever.
    if (!holder) await closeEnded(runtime, ref, requestId);
    return { taken: false, status: 409, message: `The tool call that asked (input request "${requestId}") is no longer running: its run has ended.` };
  }
  const answer: InputAnswer = { action: body.action, ...(body.content ? { content: body.content } : {}), by: 'user' };
  if (!(await runtime.runs.answerInput(ref.key, request.runId, requestId, answer))) return answeredBefore;
  return { taken: true, request: { ...publicInputRequest(request), answer } };
}

/** With the run slot held (a run starting meanwhile closes it itself), mark a dead run's request ended. */
async function closeEnded(runtime: { runs: RunCoordinator; store: SessionStore }, ref: SessionRef, requestId: string): Promise<void> {
  await inRunSlot(
    runtime.runs,
    ref,
    async () => {
      const letGo = runtime.store.hold?.(ref);
      try {
        const session = await loadOwnSession(runtime.store, ref);
        const open = session?.inputRequests?.some((request) => request.requestId === requestId && !request.answer);
        if (session && open) {
          keepInputAnswer(session, requestId, { action: 'cancel', by: 'ended' });
          await commitSession(runtime.store, session);
        }
      } finally {
        letGo?.();
      }
    },
    () => undefined,
  );
}

/** What is wrong with an answer to this request: content only with a form's `accept`, and then as its schema says. */
function answerIssues(request: StoredInputRequest, body: AnswerInputRequest): FieldIssue[] {
  if (body.content && body.action !== 'accept') return [{ field: 'content', message: `content: only an accept has content, not a ${body.action}` }];
  if (body.content && request.kind !== 'form') return [{ field: 'content', message: `content: a ${request.kind} request is answered without content` }];
  if (body.action !== 'accept' || request.kind !== 'form' || !request.schema) return [];
  return checkFormAnswer(request.schema, body.content ?? {});
}
