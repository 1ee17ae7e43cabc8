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
  publish(): void;
  /** A handed-over turn changed (the input of a call the user edited before it ran): a new object in its place. */
  revise<T extends Turn>(turn: T, changes: Partial<T>): T;
}

/** The conversation of the sub-agent started by `parentCallId`: its own list, each turn tagged with that call. */
export function branchTurns(session: SessionRecord, parentCallId: string): BranchTurns {
  // A branch picked up again (its run paused for the user) goes on from what it handed over.
  let list: Turn[] = (session.subagentTurns ?? []).filter((turn) => turn.parentCallId === parentCallId);
  let published = list.length;
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
      list = [...list.slice(0, published), ...list.slice(published).filter((turn) => !turns.has(turn))];
    },
    revise(turn, changes) {
      const revised = { ...turn, ...changes };
      list = list.map((kept) => (kept === turn ? revised : kept));
      session.subagentTurns = (session.subagentTurns ?? []).map((kept) => (kept.id === turn.id && kept.parentCallId === parentCallId ? revised : kept));
      return revised;
    },
    publish() {
      if (published === list.length) return;
      // A new array: the session's fields are compared by reference to know what to write.
      session.subagentTurns = [...(session.subagentTurns ?? []), ...list.slice(published)];
      published = list.length;
    },
  };
}
