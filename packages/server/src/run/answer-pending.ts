import type { ClientResult, Confirmation, Decision, FieldIssue, PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import { parseToolInput } from '../tools/run-tool.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { executeTool, recordResult } from './execute-call.js';
import { reviseTurn } from '../session/commit-session.js';
import type { RunContext } from './run-context.js';

export const DENIED_FOR_NEW_MESSAGE = 'Not run: the user sent a new message instead of answering this request.';

export interface Answers {
  decisions: Decision[];
  results: ClientResult[];
}

/**
 * Check answers against the pending calls before anything runs, so a bad answer is a 400 that names the field
 * and the calls stay pending for a corrected try.
 */
export function checkAnswers(pending: readonly PendingCall[], answers: Answers, tools: ToolRegistry): FieldIssue | undefined {
  const byId = new Map(pending.map((call) => [call.toolCallId, call]));
  const seen = new Set<string>();
  const lists = [
    ['decisions', answers.decisions, 'confirm'],
    ['results', answers.results, 'client'],
  ] as const;
  for (const [field, list, reason] of lists) {
    for (const [index, answer] of list.entries()) {
      const at = `${field}.${index}.toolCallId`;
      const call = byId.get(answer.toolCallId);
      if (!call) return { field: at, message: `${at}: no pending call has id "${answer.toolCallId}"` };
      if (seen.has(answer.toolCallId)) return { field: at, message: `${at}: "${answer.toolCallId}" is answered twice` };
      seen.add(answer.toolCallId);
      // A client tool is answered with the page's result; the user may still refuse one that asked first.
      const clientDenial = call.reason === 'client' && field === 'decisions' && (answer as Decision).action === 'deny';
      if (call.reason !== reason && !clientDenial) {
        const wanted = call.reason === 'client' ? 'a result (the page runs this tool)' : 'a decision (the user confirms this tool)';
        return { field: at, message: `${at}: "${call.name}" needs ${wanted}` };
      }
      const edited = field === 'decisions' ? ((answer as Decision).action === 'edit' ? (answer as Decision).input : undefined) : (answer as ClientResult).input;
      if (edited !== undefined) {
        const tool = tools.get(call.name);
        const parsed = tool ? parseToolInput(tool, edited) : { ok: true as const };
        if (!parsed.ok) return { field: `${field}.${index}.input`, message: `${field}.${index}.input: ${parsed.error}` };
      }
    }
  }
  if (seen.size === 0) return { field: 'decisions', message: 'decisions: answer at least one pending call' };
  return undefined;
}

/** Apply checked answers: run what was approved, record refusals and the page's results. Returns what is still pending. */
export async function applyAnswers(run: RunContext, answers: Answers): Promise<PendingCall[]> {
  const { session, deps } = run;
  const callTurns = new Map(
    session.turns.filter((turn): turn is ToolCallTurn => turn.type === 'tool_call').map((turn) => [turn.toolCallId, turn]),
  );
  const decisions = new Map(answers.decisions.map((decision) => [decision.toolCallId, decision]));
  const results = new Map(answers.results.map((result) => [result.toolCallId, result]));
  const still: PendingCall[] = [];
  // Answer in the order the model made the calls, so the history reads as it happened.
  for (const call of session.pending) {
    let turn = callTurns.get(call.toolCallId);
    const decision = decisions.get(call.toolCallId);
    const result = results.get(call.toolCallId);
    if (!turn || (!decision && !result)) {
      if (turn) still.push(call);
      continue;
    }
    if (result) {
      // The page ran an edited input: the history says what really ran.
      let edited: unknown;
      if (result.input !== undefined) {
        const tool = deps.tools.get(call.name);
        const parsed = tool ? parseToolInput(tool, result.input) : undefined;
        if (parsed?.ok) {
          turn = reviseTurn(session, turn, { input: parsed.input });
          edited = parsed.input;
        }
      }
      recordResult(run, turn, {
        output: result.output ?? null,
        isError: Boolean(result.isError),
        confirmation: confirmationOf(call, edited === undefined ? 'approve' : 'edit', edited),
      });
    } else if (decision!.action === 'deny') {
      const why = decision!.reason ? ` Reason: ${decision!.reason}` : '';
      recordResult(run, turn, { output: `The user refused this action.${why}`, isError: true, confirmation: confirmationOf(call, 'deny') });
    } else {
      const tool = deps.tools.get(call.name);
      const input = decision!.action === 'edit' ? decision!.input : call.input;
      const parsed = tool ? parseToolInput(tool, input) : undefined;
      const asked = (edited?: unknown) => confirmationOf(call, decision!.action === 'edit' ? 'edit' : 'approve', edited);
      if (!tool || !parsed?.ok) {
        recordResult(run, turn, {
          output: parsed && !parsed.ok ? parsed.error : `Unknown tool "${call.name}".`,
          isError: true,
          confirmation: asked(),
        });
      } else {
        if (decision!.action === 'edit') turn = reviseTurn(session, turn, { input: parsed.input });
        await executeTool(run, turn, tool, parsed.input, asked(decision!.action === 'edit' ? parsed.input : undefined));
      }
    }
    await run.commit();
  }
  session.pending = still;
  if (still.length === 0) delete session.pendingContext;
  return still;
}

/** A new message while calls wait: they are answered as not run, so the history stays valid (documented choice). */
export function dropPending(run: RunContext): void {
  const calls = new Map(
    run.session.turns.filter((turn): turn is ToolCallTurn => turn.type === 'tool_call').map((turn) => [turn.toolCallId, turn]),
  );
  for (const call of run.session.pending) {
    const turn = calls.get(call.toolCallId);
    if (turn) recordResult(run, turn, { output: DENIED_FOR_NEW_MESSAGE, isError: true, confirmation: confirmationOf(call, 'skip') });
  }
  run.session.pending = [];
  delete run.session.pendingContext;
}

/**
 * What the card of a call that asked first showed and how it was answered, kept with the result so a reload draws
 * the same card; nothing for a client tool that did not ask (the page ran it, no card).
 */
function confirmationOf(call: PendingCall, action: Confirmation['action'], edited?: unknown): Confirmation | undefined {
  if (call.reason !== 'confirm' && call.confirm !== true) return undefined;
  return {
    action,
    ...(edited !== undefined ? { input: edited } : {}),
    ...(call.preview ? { preview: call.preview } : {}),
  };
}
