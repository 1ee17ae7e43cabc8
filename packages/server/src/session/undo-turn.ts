import type { Turn } from '@agent-chat/protocol';
import type { StateAdapter } from '../state-adapter.js';
import type { SessionRecord } from './session-record.js';

/**
 * The user turn whose changes POST /undo would undo now, so a client can offer Undo on that turn and on no other:
 * after a read-only turn it is still the last writing one. Undefined when there is nothing to undo.
 */
export function undoTurnId(session: SessionRecord, state: StateAdapter | undefined): string | undefined {
  if (!state || !session.undo) return undefined;
  return session.undo.turnId ?? lastWritingTurnId(session.turns);
}

/** The last user turn, whose run the current writes belong to (a resume continues it). */
export function lastUserTurnId(turns: readonly Turn[]): string | undefined {
  return turns.findLast((turn) => turn.type === 'user')?.id;
}

/** For a session saved before undo kept its turn: the last user turn answered by a write that succeeded. */
function lastWritingTurnId(turns: readonly Turn[]): string | undefined {
  const writes = new Set<string>();
  let user: string | undefined;
  let found: string | undefined;
  for (const turn of turns) {
    if (turn.type === 'user') user = turn.id;
    else if (turn.type === 'tool_call' && turn.kind === 'write') writes.add(turn.toolCallId);
    else if (turn.type === 'tool_result' && !turn.isError && writes.has(turn.toolCallId)) found = user;
  }
  return found;
}
