import type { Turn } from '@agent-chat/protocol';
import type { SessionRecord } from '../session/session-record.js';
import { newId } from './ids.js';
import type { RunTurns } from './run-turns.js';

/** A sub-agent's conversation, and how its finished turns reach the session. */
export interface BranchTurns extends RunTurns {
  /**
   * Add the turns written since the last call to the session's `subagentTurns`. Called at the loop's commits, when
   * every turn of the branch is whole: a turn still growing (a streaming text) is never handed to a store, which
   * freezes what it is given, and a sibling branch's commit writes only what each branch has handed over.
   */
  handOver(): void;
}

/** The conversation of the sub-agent started by `parentCallId`: its own list, each turn tagged with that call. */
export function branchTurns(session: SessionRecord, parentCallId: string): BranchTurns {
  let list: Turn[] = [];
  let handedOver = 0;
  return {
    get list() {
      return list;
    },
    append(body, id = newId('t')) {
      const turn = { ...body, id, createdAt: Date.now(), parentCallId };
      list.push(turn as Turn);
      return turn;
    },
    drop(turns) {
      // Only turns of the step under way are dropped, never one handed over.
      list = [...list.slice(0, handedOver), ...list.slice(handedOver).filter((turn) => !turns.has(turn))];
    },
    handOver() {
      if (handedOver === list.length) return;
      // A new array: the session's fields are compared by reference to know what to write.
      session.subagentTurns = [...(session.subagentTurns ?? []), ...list.slice(handedOver)];
      handedOver = list.length;
    },
  };
}
