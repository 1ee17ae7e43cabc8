import type { DoneEvent, PendingCall, StopReason, ToolCallTurn } from '@agent-chat/protocol';
import { CANCELLED_BEFORE_RUN, handleCall, recordResult } from './execute-call.js';
import { concurrencyLimit } from './concurrency-limit.js';
import { modelStep } from './model-step.js';
import { DROPPED_FOR_STOP, dropWaiting } from './drop-waiting.js';
import { runSubagentCall } from './subagent-run.js';
import { subagentTree } from './subagent-tree.js';
import type { SubagentSpec } from '../tools/define-tool.js';
import { undoTurnId } from '../session/undo-turn.js';
import type { RunContext } from './run-context.js';

/**
 * The agent loop: call the model, run the tools it asked for, feed the results back, until the model ends its
 * turn, the step cap is hit, the user stops it, or a call needs the user or the page. Stopping happens between
 * steps: a running tool is never interrupted, and every tool call in the history gets a result.
 */
export async function runAgentLoop(run: RunContext): Promise<DoneEvent> {
  const { deps } = run;
  for (let step = 0; step < deps.maxSteps; step++) {
    if (run.signal.aborted) return finish(run, 'cancelled');
    let result;
    try {
      result = await modelStep(run);
    } catch (error) {
      answerDangling(run, 'Cancelled: the model failed before this tool ran.');
      return fail(run, error);
    }
    if (run.signal.aborted || result.reason === undefined) {
      answerDangling(run, CANCELLED_BEFORE_RUN, true);
      await run.commit();
      return finish(run, 'cancelled');
    }
    await run.commit();

    if (result.calls.length === 0) {
      switch (result.reason) {
        case 'pause_turn':
          continue; // The provider paused a long turn; sending the history back lets it go on.
        case 'max_tokens':
          status(run, 'The reply was cut short: the model reached its output token limit.');
          return finish(run, 'end_turn');
        case 'refusal':
          status(run, 'The model declined to continue this request.');
          return finish(run, 'end_turn');
        case 'context_window_exceeded':
          return fail(run, new Error('The conversation no longer fits the model\'s context window. Clear it to go on.'), 'context_window_exceeded');
        case 'other':
          status(run, `The model stopped (${result.detail ?? 'unknown reason'}).`);
          return finish(run, 'end_turn');
        default:
          return finish(run, 'end_turn');
      }
    }

    const pending: PendingCall[] = [];
    // The step's sub-agents run at once (up to the concurrency limit), while its other calls run in order.
    const subagents: Promise<void>[] = [];
    const limitSubagents = concurrencyLimit(deps.subagentConcurrency);
    try {
      for (const call of result.calls) {
        if (run.signal.aborted) {
          recordResult(run, call, { output: CANCELLED_BEFORE_RUN, isError: true, stopped: true });
          continue;
        }
        const subagent = subagentOf(run, call);
        if (subagent) {
          subagents.push(
            limitSubagents(() => runSubagentCall(run, call, subagent, runAgentLoop)).then(async (waiting) => {
              pending.push(...waiting);
              await run.commit();
            }),
          );
          continue;
        }
        const waiting = await handleCall(run, call);
        if (waiting) pending.push(waiting);
        await run.commit();
      }
    } finally {
      // Every branch ends before the step does, whatever one of them (or a call beside them) met: none is left
      // writing after the run has ended. The first failure is the step's.
      const failed = (await Promise.allSettled(subagents)).find((settled) => settled.status === 'rejected');
      if (failed) throw failed.reason;
    }
    if (pending.length > 0 && run.signal.aborted) {
      // Stopped while calls waited for an answer: none will be asked for now, in this conversation or below it.
      dropWaiting(run, pending, DROPPED_FOR_STOP);
      await run.commit();
      return finish(run, 'cancelled');
    }
    if (pending.length > 0) {
      await run.awaitInput(pending);
      return finish(run, 'awaiting_input');
    }
    if (run.signal.aborted) return finish(run, 'cancelled');
  }
  status(run, `Stopped after ${deps.maxSteps} steps.`, 'max_steps');
  await run.commit();
  return finish(run, 'max_steps');
}

/** The sub-agent a call starts, when it names one this agent is offered now; otherwise handleCall answers it. */
function subagentOf(run: RunContext, call: ToolCallTurn): SubagentSpec | undefined {
  const tool = run.deps.tools.get(call.name);
  return tool?.subagent && run.deps.tools.offered(run.session.id, run.context).includes(tool) ? tool.subagent : undefined;
}

/**
 * Calls that will not run (the run stopped or the model failed) get a result that says so, keeping the history
 * valid; `stopped` when it is because the user stopped the run.
 */
export function answerDangling(run: RunContext, output: string, stopped = false): void {
  const answered = new Set<string>();
  // A call still waits when it is pending, or when a sub-agent it started waits on one of its own.
  const tree = subagentTree(run.session, run.deps.tools);
  const waiting = new Set<string>();
  for (const call of run.session.pending) {
    waiting.add(call.toolCallId);
    for (let branch = call.parentCallId; branch !== undefined && !waiting.has(branch); branch = tree.branchOf(branch)) waiting.add(branch);
  }
  for (const turn of run.turns.list) if (turn.type === 'tool_result') answered.add(turn.toolCallId);
  const dangling = run.turns.list.filter(
    (turn): turn is ToolCallTurn => turn.type === 'tool_call' && !answered.has(turn.toolCallId) && !waiting.has(turn.toolCallId),
  );
  for (const call of dangling) recordResult(run, call, { output, isError: true, ...(stopped ? { stopped } : {}) });
}

function status(run: RunContext, text: string, code?: string): void {
  const turn = run.turns.append({ type: 'status', text, ...(code ? { code } : {}) });
  run.emit({ type: 'status', turnId: turn.id, text, ...(code ? { code } : {}) });
}

async function fail(run: RunContext, error: unknown, code?: string): Promise<DoneEvent> {
  const message = error instanceof Error ? error.message : String(error);
  const errorCode = code ?? (error as { code?: string }).code ?? 'run_failed';
  run.turns.append({ type: 'error', message, code: errorCode });
  run.emit({ type: 'error', message, code: errorCode });
  await run.commit();
  return finish(run, 'error');
}

export function finish(run: RunContext, stopReason: StopReason): DoneEvent {
  const hasWrites = run.session.turnHasWrites;
  const undoTurn = undoTurnId(run.session, run.deps.state);
  return {
    type: 'done',
    stopReason,
    hasWrites,
    undoable: hasWrites && undoTurn !== undefined,
    ...(undoTurn ? { undoTurnId: undoTurn } : {}),
    usage: { ...run.usage },
  };
}
