import type { PendingCall, Turn } from '@agent-chat/protocol';

/**
 * How a conversation keeps its alternatives (issue 21: retry a reply, edit a message). `session.turns` stays the
 * current path, a flat list, so everything that reads the history (the loop, the model, undo, titles, import) reads
 * only the branch shown. Each place where the path forked keeps the alternatives that are not shown: a fork is
 * keyed by the turn after which its alternatives start (`after`; null: at the start of the conversation), and an
 * alternative put aside carries the forks inside it, so branches nest as a tree stored as plain JSON.
 */
export interface Fork {
  /** The id of the last turn before the alternatives, on the path this fork belongs to; null: before the first turn. */
  after: string | null;
  /** Which alternative is on the path (its entry in `branches` is null). */
  current: number;
  /** Oldest first. */
  branches: (StashedBranch | null)[];
}

/** An alternative not on the path: its turns (from the fork to the end of that branch) and its own forks. */
export interface StashedBranch {
  turns: Turn[];
  forks?: Fork[];
  /** The calls that branch's last run stopped for, waiting again when it is shown again. */
  pending?: PendingCall[];
}
