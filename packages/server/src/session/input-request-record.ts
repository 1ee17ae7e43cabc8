import type { InputAnswer, InputRequest } from '@agent-chat/protocol';
import type { SessionRecord, StoredInputRequest } from './session-record.js';

/** A stored request as the wire has it: without the run that asked (the server's business). */
export function publicInputRequest(stored: StoredInputRequest): InputRequest {
  const { runId: _runId, ...request } = stored;
  return request;
}

/**
 * Keep `answer` on the session's request of that id. A new list, since a commit finds the fields it writes by
 * reference; returns the answered request, or undefined when the session has no such request.
 */
export function keepInputAnswer(session: SessionRecord, requestId: string, answer: InputAnswer): StoredInputRequest | undefined {
  let answered: StoredInputRequest | undefined;
  session.inputRequests = session.inputRequests?.map((request) => {
    if (request.requestId !== requestId) return request;
    answered = { ...request, answer };
    return answered;
  });
  return answered;
}

/** The requests still waiting for an answer. */
export function openInputRequests(session: SessionRecord): StoredInputRequest[] {
  return session.inputRequests?.filter((request) => !request.answer) ?? [];
}
