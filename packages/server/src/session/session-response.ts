import type { SessionResponse } from '@agent-chat/protocol';
import type { StateAdapter } from '../state-adapter.js';
import { branchPoints } from './branches.js';
import type { SessionRecord } from './session-record.js';
import { undoTurnId } from './undo-turn.js';
import { publicInputRequest } from './input-request-record.js';

/** A session as GET /sessions/:id answers it (and the routes that answer with the session they changed). */
export function sessionResponse(state: StateAdapter | undefined, session: SessionRecord, running: boolean): SessionResponse {
  const undoTurn = undoTurnId(session, state);
  const branches = branchPoints(session);
  return {
    sessionId: session.id,
    turns: session.turns,
    pending: session.pending,
    undoable: session.undo !== undefined && state !== undefined,
    ...(undoTurn ? { undoTurnId: undoTurn } : {}),
    running,
    lastEventId: session.lastEventId,
    ...(branches.length > 0 ? { branches } : {}),
    ...(session.subagentTurns?.length ? { subagentTurns: session.subagentTurns } : {}),
    ...(session.usage ? { usage: session.usage } : {}),
    ...(session.inputRequests?.length ? { inputRequests: session.inputRequests.map(publicInputRequest) } : {}),
  };
}
