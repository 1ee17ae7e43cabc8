import type { SendMessageRequest } from '@agent-chat/protocol';
import type { Runtime } from '../runtime.js';
import { branchOff, wholeSize, type BranchRefusal } from './branches.js';
import { sessionSizeIssue } from './session-size.js';
import { commitSession } from './commit-session.js';
import type { SessionRecord } from './session-record.js';

/**
 * A message sent with `editOf`: the conversation branches at that user turn. The turns from it on are put aside as
 * an alternative and the path ends before it, committed at once, so the run that follows appends the edited message
 * to the branch and the model sees the branch only. A refusal names the `editOf` field's fault.
 */
export async function branchForEdit(runtime: Pick<Runtime, 'limits' | 'store'>, session: SessionRecord, body: SendMessageRequest): Promise<BranchRefusal | undefined> {
  const { editOf } = body;
  if (editOf === undefined) return undefined;
  if (body.retryOf !== undefined) {
    return { status: 400, code: 'invalid_request', message: 'editOf: a message is either an edit (editOf) or a retry (retryOf), not both.' };
  }
  const index = session.turns.findIndex((turn) => turn.id === editOf);
  const turn = session.turns[index];
  if (!turn) {
    return { status: 404, code: 'not_found', message: `editOf: the current path of session "${session.id}" has no turn "${editOf}".` };
  }
  if (turn.type !== 'user') {
    return { status: 400, code: 'invalid_request', message: `editOf: "${editOf}" is a ${turn.type} turn; only a user's message can be edited.` };
  }
  const size = wholeSize(session);
  const full = sessionSizeIssue(size.turns, size.chars, runtime.limits, 'editOf');
  if (full) return { status: 409, code: 'session_full', message: full.message };
  const refusal = branchOff(session, index);
  if (refusal) return refusal;
  session.updatedAt = Date.now();
  await commitSession(runtime.store, session, { replaceTurns: true });
  return undefined;
}
