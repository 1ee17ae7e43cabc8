import type { PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import { answerCall, type GivenAnswers } from './answer-call.js';
import { runAgentLoop } from './agent-loop.js';
import { parseToolInput } from '../tools/run-tool.js';
import type { RunContext } from './run-context.js';
import { openBranch, runBranch, settle, type BranchRun } from './subagent-run.js';
import { subagentTree, waitingBranches } from './subagent-tree.js';

/** The `done` of a branch that stays paused: it did not run, so nothing else about it changed. */
const STILL_PAUSED = { type: 'done', stopReason: 'awaiting_input', hasWrites: false, undoable: false } as const;

const callIn = (branch: BranchRun, toolCallId: string) =>
  branch.turns.list.find((turn): turn is ToolCallTurn => turn.type === 'tool_call' && turn.toolCallId === toolCallId);

/**
 * Answer the calls sub-agents paused the run for, each in its own branch, and let each branch whose calls are all
 * answered go on where it stopped: deepest first, so a sub-agent's own call has its result before the sub-agent
 * above it goes on. A branch with a call still unanswered (or a branch below it still waiting) stays paused, its
 * calls still pending. Branches go on one after another here, not at once. Returns the calls still pending.
 */
export async function resumeBranches(run: RunContext, pending: readonly PendingCall[], given: GivenAnswers): Promise<PendingCall[]> {
  if (pending.length === 0) return [];
  const tree = subagentTree(run.session, run.deps.tools);
  const opened = new Map<string, BranchRun>();
  /** A branch's context, opened once, under its own caller's (opened first): a deeper branch's result goes there. */
  const open = (id: string): BranchRun | undefined => {
    const known = opened.get(id);
    if (known) return known;
    const call = tree.call(id);
    const spec = tree.specOf(id);
    const above = tree.branchOf(id);
    const parent = above === undefined ? run : open(above)?.run;
    if (!call || !spec || !parent) return undefined;
    // The input as the first run had it: parsed by the calling agent's tool (defaults, transforms).
    const tool = tree.toolOf({ name: call.name, parentCallId: above });
    const parsed = tool ? parseToolInput(tool, call.input) : undefined;
    try {
      const branch = openBranch(parent, call, spec, parsed?.ok ? parsed.input : call.input);
      opened.set(id, branch);
      return branch;
    } catch {
      // Its system() throws now: it stays waiting, as a sub-agent no longer defined does.
      return undefined;
    }
  };
  const callerOf = (id: string): RunContext => {
    const above = tree.branchOf(id);
    return above === undefined ? run : open(above)!.run;
  };
  const paused = new Set<string>();
  const still: PendingCall[] = [];
  for (const id of waitingBranches(tree, pending)) {
    const own = pending.filter((waiting) => waiting.parentCallId === id);
    const branch = open(id);
    if (!branch) {
      // The sub-agent is no longer defined (the app changed since): its calls wait until a new message drops them.
      still.push(...own);
      paused.add(id);
      continue;
    }
    const unanswered: PendingCall[] = [];
    for (const waiting of own) {
      const turn = callIn(branch, waiting.toolCallId);
      if (!turn) continue;
      const answered = await answerCall(branch.run, waiting, turn, given, (revised, changes) => branch.turns.revise(revised, changes));
      if (!answered) unanswered.push(waiting);
    }
    await branch.run.commit();
    const belowWaits = [...paused].some((below) => tree.branchOf(below) === id);
    if (unanswered.length > 0 || belowWaits) {
      branch.branch.close();
      still.push(...unanswered);
      await settle(callerOf(id), branch, STILL_PAUSED);
      paused.add(id);
      continue;
    }
    const again = await runBranch(callerOf(id), branch, runAgentLoop);
    if (again.length > 0) paused.add(id);
    still.push(...again);
  }
  return still;
}
