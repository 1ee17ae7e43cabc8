import type { DoneEvent, PendingCall, StreamEvent, ToolCallTurn, Turn, Usage } from '@agent-chat/protocol';
import type { SubagentSpec } from '../tools/define-tool.js';
import { parseToolInput, type ToolOutcome } from '../tools/run-tool.js';
import { branchTurns, type BranchTurns } from './branch-turns.js';
import { recordResult } from './execute-call.js';
import type { Branch } from './run-branches.js';
import type { RunContext } from './run-context.js';
import { addUsage, emptyUsage, usageSince } from './usage.js';

/** The events a sub-agent's run streams as part of its branch; the others (a state snapshot) pass as they are. */
const BRANCH_EVENTS = new Set<StreamEvent['type']>(['text_delta', 'thinking_delta', 'tool_input_delta', 'tool_call', 'tool_result', 'status', 'error']);

/** A sub-agent's event as the run streams it: named by the call that started it, unless a deeper branch named it. */
export function inBranch(event: StreamEvent, parentCallId: string): StreamEvent {
  if (!BRANCH_EVENTS.has(event.type) || ('parentCallId' in event && event.parentCallId)) return event;
  return { ...event, parentCallId } as StreamEvent;
}

/**
 * The agent loop (agent-loop.ts), handed in by its callers: a sub-agent runs the loop that runs it, and the module
 * that calls one does not import the other back.
 */
export type AgentLoop = (run: RunContext) => Promise<DoneEvent>;

/** One sub-agent's run: its context (over its own turns), its branch (its Stop), and the calls it stopped for. */
export interface BranchRun {
  run: RunContext;
  turns: BranchTurns;
  branch: Branch;
  call: ToolCallTurn;
  spec: SubagentSpec;
  /** The calls it paused for (the user's confirmation, the page), each naming its branch. */
  waiting: PendingCall[];
  /** What it had used when it (last) started: counted already, by the run it paused in. */
  usageBefore: Usage;
}

/**
 * The context of the sub-agent that `call` started, under `parent` (the run, or the branch above): the agent loop's
 * context again, over the same session, with the sub-agent's model, tools, step cap and system prompt, its own turns
 * (those it handed over before, when it is picked up again), a signal its branch's Stop aborts, and usage that goes
 * on from what it used before it paused.
 */
export function openBranch(parent: RunContext, call: ToolCallTurn, spec: SubagentSpec, input: unknown): BranchRun {
  const { session } = parent;
  // Made first: a system() that throws opens no branch.
  const system = spec.system(input);
  const branch = parent.branches.open(call.toolCallId, parent.signal);
  const turns = branchTurns(session, call.toolCallId);
  const waiting: PendingCall[] = [];
  const usageBefore = session.branchUsage?.[call.toolCallId] ?? emptyUsage();
  const run: RunContext = {
    deps: { ...parent.deps, model: spec.model ?? parent.deps.model, tools: spec.tools, maxSteps: spec.maxSteps, systemPrompt: async () => system },
    session,
    turns,
    branches: parent.branches,
    parentCallId: call.toolCallId,
    context: parent.context,
    signal: branch.signal,
    emit: (event) => parent.emit(inBranch(event, call.toolCallId)),
    commit: async () => {
      turns.publish();
      await parent.commit();
    },
    pace: () => parent.pace(),
    async awaitInput(calls) {
      // The whole run waits for these: they go up, to the run's own awaiting_input.
      waiting.push(...calls.map((pending) => (pending.parentCallId ? pending : { ...pending, parentCallId: call.toolCallId })));
    },
    inputs: parent.inputs,
    usage: { ...usageBefore },
  };
  return { run, turns, branch, call, spec, waiting, usageBefore };
}

/**
 * Run the sub-agent of a call the agent made: its conversation begins with `prompt(input)`; its events stream live
 * under the call; its turns go to the session's `subagentTurns` at each of its commits. Returns the calls it paused
 * for (the whole run then waits for them), or nothing once the call has its result.
 */
export async function runSubagentCall(run: RunContext, call: ToolCallTurn, spec: SubagentSpec, loop: AgentLoop): Promise<PendingCall[]> {
  const tool = run.deps.tools.get(call.name)!;
  const parsed = parseToolInput(tool, call.input);
  if (!parsed.ok) {
    recordResult(run, call, { output: parsed.error, isError: true });
    return [];
  }
  let branch: BranchRun;
  try {
    const prompt = spec.prompt(parsed.input);
    branch = openBranch(run, call, spec, parsed.input);
    branch.turns.append({ type: 'user', text: prompt });
  } catch (error) {
    // A prompt or system function that threw: the calling agent reads it as the call's error.
    recordResult(run, call, { output: `The sub-agent ${call.name} could not start: ${(error as Error).message}`, isError: true });
    return [];
  }
  return runBranch(run, branch, loop);
}

/**
 * Run a branch's loop from where its conversation is (new, or picked up again with its calls answered), then give
 * its call its result in `parent`, or leave the call waiting with what the branch paused for.
 */
export async function runBranch(parent: RunContext, branch: BranchRun, loop: AgentLoop): Promise<PendingCall[]> {
  let done: DoneEvent;
  try {
    done = await loop(branch.run);
  } finally {
    branch.branch.close();
    branch.turns.publish();
  }
  return settle(parent, branch, done);
}

/**
 * A branch's end as its caller sees it: paused (its usage so far kept for when it goes on), or its call's result.
 * Either way what it used since it (last) started is added to its caller's usage: what it used before a pause was
 * counted by the run that paused.
 */
export async function settle(parent: RunContext, branch: BranchRun, done: DoneEvent): Promise<PendingCall[]> {
  const { session } = parent;
  const id = branch.call.toolCallId;
  addUsage(parent.usage, usageSince(branch.run.usage, branch.usageBefore));
  if (done.stopReason === 'awaiting_input') {
    session.branchUsage = { ...session.branchUsage, [id]: branch.run.usage };
    return branch.waiting;
  }
  if (session.branchUsage?.[id]) {
    const { [id]: _ended, ...others } = session.branchUsage;
    session.branchUsage = others;
  }
  recordResult(parent, branch.call, { ...(await outcomeOf(branch, done)), usage: branch.run.usage });
  return [];
}

async function outcomeOf(branch: BranchRun, done: DoneEvent): Promise<ToolOutcome> {
  const { call, spec, turns } = branch;
  const final = lastText(turns.list);
  switch (done.stopReason) {
    case 'cancelled':
      return {
        output: `${branch.branch.stoppedAlone ? 'Stopped by the user before it finished' : 'Stopped: the user stopped the run'}. ${final ? `What it had found so far:\n${final}` : 'It had found nothing yet.'}`,
        isError: false,
        stopped: true,
      };
    case 'error': {
      const error = turns.list.findLast((turn) => turn.type === 'error');
      return { output: `The sub-agent ${call.name} failed: ${error?.type === 'error' ? error.message : 'unknown error'}.${final ? ` What it had found so far:\n${final}` : ''}`, isError: true };
    }
    case 'max_steps':
      return { output: `${final || 'It found nothing.'}\n\n(The sub-agent stopped after ${spec.maxSteps} steps, before it finished.)`, isError: false };
    default:
      return shapedResult(spec, final, turns.list);
  }
}

/** The text of the sub-agent's last reply: what the calling agent is given by default. */
function lastText(turns: readonly Turn[]): string {
  const last = turns.findLast((turn) => turn.type === 'assistant_text');
  return last?.type === 'assistant_text' ? last.text : '';
}

/** The call's result as the definition's `result()` shapes it from the sub-agent's last reply and its conversation. */
async function shapedResult(spec: SubagentSpec, final: string, turns: readonly Turn[]): Promise<ToolOutcome> {
  if (!spec.result) return { output: final, isError: false };
  try {
    const output = await spec.result(final, turns);
    return { output: output === undefined ? null : output, isError: false };
  } catch (error) {
    return { output: `The sub-agent's result could not be made: ${(error as Error).message}. Its last reply:\n${final}`, isError: true };
  }
}
