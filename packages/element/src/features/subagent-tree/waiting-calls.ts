import type { PendingCall } from '@agent-chat/protocol';
import type { TurnLog } from '../../core/turns/turn-log.js';

/** No call waits: one array, so a branch's steps are not grouped again for a new empty list. */
export const NO_CALLS: readonly PendingCall[] = [];

/**
 * The calls the run waits for (or the input requests that wait for the user) that a sub-agent made in the branch `id` or in a branch under it (a pending call's
 * `parentCallId` names the innermost branch; the branches above it are found through the sub-agents' calls, each in
 * the branch that made it).
 */
export function waitingUnder<C extends { parentCallId?: string | undefined }>(id: string, pending: readonly C[], subagents: ReadonlyMap<string, TurnLog>): C[] {
  return pending.filter((call) => {
    // Bounded by the number of branches: a malformed tree (a call in its own branch) must not loop.
    for (let at = call.parentCallId, hops = 0; at && hops <= subagents.size; at = branchOf(at, subagents), hops++) {
      if (at === id) return true;
    }
    return false;
  });
}

/** The branch that made the call `callId`, if it is a sub-agent's. */
function branchOf(callId: string, subagents: ReadonlyMap<string, TurnLog>): string | undefined {
  for (const [branch, log] of subagents) {
    if (log.turns.some((turn) => turn.type === 'tool_call' && turn.toolCallId === callId)) return branch;
  }
  return undefined;
}
