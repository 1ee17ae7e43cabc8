import type { PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import { confirmationOf } from './answer-call.js';
import { branchTurns } from './branch-turns.js';
import { recordResult } from './execute-call.js';
import type { RunContext } from './run-context.js';
import { inBranch } from './subagent-run.js';
import { subagentTree, waitingBranches } from './subagent-tree.js';

/** What calls left waiting are answered with: their own result, and the result of each sub-agent that waited on one. */
export interface DropWords {
  call: string;
  subagent: string;
  /** Dropped because the user stopped the run (the results are `stopped`). */
  stopped?: boolean;
}

export const DROPPED_FOR_NEW_MESSAGE: DropWords = {
  call: 'Not run: the user sent a new message instead of answering this request.',
  subagent: 'Not finished: the user sent a new message instead of answering what this sub-agent asked.',
};

export const DROPPED_FOR_STOP: DropWords = {
  call: 'Cancelled: the user stopped the run before this tool ran.',
  subagent: 'Stopped: the user stopped the run while this sub-agent waited for an answer.',
  stopped: true,
};

/**
 * Calls left waiting for an answer that will not come (a new message; a Stop): `run`'s own are answered as not run in
 * its conversation, and those of the sub-agents below it in their branches (dropBranches), so every conversation of
 * the tree stays valid.
 */
export function dropWaiting(run: RunContext, pending: readonly PendingCall[], words: DropWords): void {
  const own = new Map(pending.filter((call) => call.parentCallId === undefined).map((call) => [call.toolCallId, call]));
  for (const turn of run.turns.list) {
    const call = turn.type === 'tool_call' ? own.get(turn.toolCallId) : undefined;
    if (call && turn.type === 'tool_call') answerDropped(run, turn, call, words);
  }
  dropBranches(run, pending.filter((call) => call.parentCallId !== undefined), words);
}

/** A waiting call answered as not run, with what its card showed (`skip`: never answered). */
function answerDropped(context: RunContext, turn: ToolCallTurn, call: PendingCall, words: DropWords): void {
  recordResult(context, turn, { output: words.call, isError: true, ...(words.stopped ? { stopped: true } : {}), confirmation: confirmationOf(call, 'skip') });
}

/**
 * Calls of sub-agents below `run` left waiting for an answer that will not come (a new message; a Stop): each is
 * answered as not run in its branch, and each sub-agent that waited on one gets its own call's result in the branch
 * above it (or in `run`'s own conversation), deepest first, so every conversation of the tree stays valid. The
 * branches are not running: each has written its turns to the session, which is where they are read from here.
 */
function dropBranches(run: RunContext, pending: readonly PendingCall[], words: DropWords): void {
  if (pending.length === 0) return;
  const tree = subagentTree(run.session, run.deps.tools);
  const stopped = words.stopped ? { stopped: true } : {};
  const contextOf = (id: string): { context: RunContext; publish?: () => void } => {
    if (id === run.parentCallId) return { context: run };
    const turns = branchTurns(run.session, id);
    return { context: { ...run, turns, parentCallId: id, emit: (event) => run.emit(inBranch(event, id)) }, publish: () => turns.publish() };
  };
  for (const id of waitingBranches(tree, pending)) {
    if (id === run.parentCallId) continue;
    const own = contextOf(id);
    for (const waiting of pending.filter((call) => call.parentCallId === id)) {
      const turn = own.context.turns.list.find((kept): kept is ToolCallTurn => kept.type === 'tool_call' && kept.toolCallId === waiting.toolCallId);
      if (turn) answerDropped(own.context, turn, waiting, words);
    }
    own.publish?.();
    const { [id]: _dropped, ...usage } = run.session.branchUsage ?? {};
    if (run.session.branchUsage?.[id]) run.session.branchUsage = usage;
    const call = tree.call(id);
    const above = tree.branchOf(id);
    if (!call) continue;
    const caller = above === undefined ? { context: run } : contextOf(above);
    recordResult(caller.context, call, { output: words.subagent, isError: true, ...stopped });
    caller.publish?.();
  }
}
