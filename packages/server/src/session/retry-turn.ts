import type { UserTurn } from '@agent-chat/protocol';
import type { SessionRecord } from './session-record.js';

/**
 * What a message sent as a retry (`retryOf`) asks of this session: the stored user turn to run the agent for again
 * (the last one: the failed try is kept, and the message is not stored twice), `undefined` when the session does not
 * hold that id (the first try never reached the server: the message is new), or `conflict` when it names an earlier
 * user turn (the conversation has moved on since).
 */
export function retriedTurn(session: SessionRecord, retryOf: string | undefined): UserTurn | 'conflict' | undefined {
  if (!retryOf) return undefined;
  const last = session.turns.findLast((turn) => turn.type === 'user');
  if (last?.id === retryOf) return last;
  return session.turns.some((turn) => turn.id === retryOf) ? 'conflict' : undefined;
}
