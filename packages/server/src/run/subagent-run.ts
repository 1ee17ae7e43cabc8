import type { StreamEvent, ToolCallTurn, Turn, Usage } from '@agent-chat/protocol';
import type { SubagentSpec } from '../tools/define-subagent.js';
import type { ToolOutcome } from '../tools/run-tool.js';
import { runAgentLoop } from './agent-loop.js';
import { branchTurns } from './branch-turns.js';
import type { RunContext } from './run-context.js';
import { addUsage, emptyUsage } from './usage.js';

/** The events a sub-agent's run streams as part of its branch; the others (a state snapshot) pass as they are. */
const BRANCH_EVENTS = new Set<StreamEvent['type']>(['text_delta', 'thinking_delta', 'tool_input_delta', 'tool_call', 'tool_result', 'status', 'error']);

/** A sub-agent's event as the run streams it: named by the call that started it, unless a deeper branch named it. */
function inBranch(event: StreamEvent, parentCallId: string): StreamEvent {
  if (!BRANCH_EVENTS.has(event.type) || ('parentCallId' in event && event.parentCallId)) return event;
  return { ...event, parentCallId } as StreamEvent;
}

/**
 * Run the sub-agent of one call: the agent loop again, over the same session, with the sub-agent's model, tools and
 * step cap, and a conversation of its own that begins with `prompt(input)`. Its events stream live under the call;
 * its turns go to the session's `subagentTurns` at each of its commits; its usage is added to the run's. What it
 * said last is the call's result; a branch stopped (alone, or with the run) answers with what it had so far.
 */
export async function runSubagent(run: RunContext, call: ToolCallTurn, spec: SubagentSpec, input: unknown): Promise<ToolOutcome & { usage: Usage }> {
  const branch = run.branches.open(call.toolCallId, run.signal);
  const turns = branchTurns(run.session, call.toolCallId);
  const usage = emptyUsage();
  let done;
  try {
    const system = spec.system(input);
    turns.append({ type: 'user', text: spec.prompt(input) });
    const sub: RunContext = {
      deps: { ...run.deps, model: spec.model ?? run.deps.model, tools: spec.tools, maxSteps: spec.maxSteps, systemPrompt: async () => system },
      session: run.session,
      turns,
      branches: run.branches,
      parentCallId: call.toolCallId,
      context: run.context,
      signal: branch.signal,
      emit: (event) => run.emit(inBranch(event, call.toolCallId)),
      commit: async () => {
        turns.handOver();
        await run.commit();
      },
      pace: () => run.pace(),
      usage,
    };
    done = await runAgentLoop(sub);
  } catch (error) {
    // A prompt or system function that threw: the calling agent reads it as the call's error.
    return { output: `The sub-agent ${call.name} could not start: ${(error as Error).message}`, isError: true, usage };
  } finally {
    branch.close();
    turns.handOver();
    addUsage(run.usage, usage);
  }
  const final = lastText(turns.list);
  switch (done.stopReason) {
    case 'cancelled':
      return {
        output: `${branch.stoppedAlone ? 'Stopped by the user before it finished' : 'Stopped: the user stopped the run'}. ${final ? `What it had found so far:\n${final}` : 'It had found nothing yet.'}`,
        isError: false,
        stopped: true,
        usage,
      };
    case 'error': {
      const error = turns.list.findLast((turn) => turn.type === 'error');
      return { output: `The sub-agent ${call.name} failed: ${error?.type === 'error' ? error.message : 'unknown error'}.${final ? ` What it had found so far:\n${final}` : ''}`, isError: true, usage };
    }
    case 'max_steps':
      return { output: `${final || 'It found nothing.'}\n\n(The sub-agent stopped after ${spec.maxSteps} steps, before it finished.)`, isError: false, usage };
    default:
      return { ...(await shaped(spec, final, turns.list)), usage };
  }
}

/** The text of the sub-agent's last reply: what the calling agent is given by default. */
function lastText(turns: readonly Turn[]): string {
  const last = turns.findLast((turn) => turn.type === 'assistant_text');
  return last?.type === 'assistant_text' ? last.text : '';
}

async function shaped(spec: SubagentSpec, final: string, turns: readonly Turn[]): Promise<ToolOutcome> {
  if (!spec.result) return { output: final, isError: false };
  try {
    const output = await spec.result(final, turns);
    return { output: output === undefined ? null : output, isError: false };
  } catch (error) {
    return { output: `The sub-agent's result could not be made: ${(error as Error).message}. Its last reply:\n${final}`, isError: true };
  }
}
