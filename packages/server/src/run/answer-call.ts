import type { ClientResult, Confirmation, Decision, PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import { parseToolInput } from '../tools/run-tool.js';
import { executeTool, recordResult } from './execute-call.js';
import type { RunContext } from './run-context.js';

/** The answers by the call they answer. */
export function answersById(answers: { decisions: readonly Decision[]; results: readonly ClientResult[] }): GivenAnswers {
  return {
    decisions: new Map(answers.decisions.map((decision) => [decision.toolCallId, decision])),
    results: new Map(answers.results.map((result) => [result.toolCallId, result])),
  };
}

export interface GivenAnswers {
  decisions: ReadonlyMap<string, Decision>;
  results: ReadonlyMap<string, ClientResult>;
}

/**
 * Answer one pending call in the context of the agent that made it (the run's, or a sub-agent's): the page's result,
 * a refusal, or the approved (maybe edited) call run now. False when the answers leave it unanswered.
 */
export async function answerCall(
  run: RunContext,
  call: PendingCall,
  callTurn: ToolCallTurn,
  given: GivenAnswers,
  revise: (turn: ToolCallTurn, changes: Partial<ToolCallTurn>) => ToolCallTurn,
): Promise<boolean> {
  const { deps } = run;
  let turn = callTurn;
  const decision = given.decisions.get(call.toolCallId);
  const result = given.results.get(call.toolCallId);
  if (result) {
    // The page ran an edited input: the history says what really ran.
    let edited: unknown;
    if (result.input !== undefined) {
      const tool = deps.tools.get(call.name);
      const parsed = tool ? parseToolInput(tool, result.input) : undefined;
      if (parsed?.ok) {
        turn = revise(turn, { input: parsed.input });
        edited = parsed.input;
      }
    }
    recordResult(run, turn, {
      output: result.output ?? null,
      isError: Boolean(result.isError),
      confirmation: confirmationOf(call, edited === undefined ? 'approve' : 'edit', edited),
    });
    return true;
  }
  if (!decision) return false;
  if (decision.action === 'deny') {
    const why = decision.reason ? ` Reason: ${decision.reason}` : '';
    recordResult(run, turn, { output: `The user refused this action.${why}`, isError: true, confirmation: confirmationOf(call, 'deny') });
    return true;
  }
  const tool = deps.tools.get(call.name);
  const input = decision.action === 'edit' ? decision.input : call.input;
  const parsed = tool ? parseToolInput(tool, input) : undefined;
  const asked = (edited?: unknown) => confirmationOf(call, decision.action === 'edit' ? 'edit' : 'approve', edited);
  if (!tool || !parsed?.ok) {
    recordResult(run, turn, {
      output: parsed && !parsed.ok ? parsed.error : `Unknown tool "${call.name}".`,
      isError: true,
      confirmation: asked(),
    });
    return true;
  }
  if (decision.action === 'edit') turn = revise(turn, { input: parsed.input });
  await executeTool(run, turn, tool, parsed.input, asked(decision.action === 'edit' ? parsed.input : undefined));
  return true;
}

/**
 * What the card of a call that asked first showed and how it was answered, kept with the result so a reload draws
 * the same card; nothing for a client tool that did not ask (the page ran it, no card).
 */
export function confirmationOf(call: PendingCall, action: Confirmation['action'], edited?: unknown): Confirmation | undefined {
  if (call.reason !== 'confirm' && call.confirm !== true) return undefined;
  return {
    action,
    ...(edited !== undefined ? { input: edited } : {}),
    ...(call.preview ? { preview: call.preview } : {}),
  };
}
