import type { ClientResult, Decision, FieldIssue, PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import { parseToolInput } from '../tools/run-tool.js';
import type { Tool } from '../tools/define-tool.js';
import { answerCall, answersById } from './answer-call.js';
import { DROPPED_FOR_NEW_MESSAGE, dropWaiting } from './drop-waiting.js';
import { resumeBranches } from './resume-branches.js';
import { reviseTurn } from '../session/commit-session.js';
import type { RunContext } from './run-context.js';


export interface Answers {
  decisions: Decision[];
  results: ClientResult[];
}

/**
 * Check answers against the pending calls before anything runs, so a bad answer is a 400 that names the field
 * and the calls stay pending for a corrected try.
 */
export function checkAnswers(pending: readonly PendingCall[], answers: Answers, toolOf: (call: PendingCall) => Tool | undefined): FieldIssue | undefined {
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
        const tool = toolOf(call);
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
  const { session } = run;
  const callTurns = new Map(
    session.turns.filter((turn): turn is ToolCallTurn => turn.type === 'tool_call').map((turn) => [turn.toolCallId, turn]),
  );
  const given = answersById(answers);
  const still: PendingCall[] = [];
  // Answer in the order the model made the calls, so the history reads as it happened.
  for (const call of session.pending) {
    if (call.parentCallId !== undefined) continue;
    const turn = callTurns.get(call.toolCallId);
    if (!turn) continue;
    if (!(await answerCall(run, call, turn, given, (revised, changes) => reviseTurn(session, revised, changes)))) {
      still.push(call);
      continue;
    }
    await run.commit();
  }
  // The sub-agents' calls: each branch answered goes on where it stopped, before the agent above it does.
  still.push(...(await resumeBranches(run, session.pending.filter((call) => call.parentCallId !== undefined), given)));
  session.pending = still;
  if (still.length === 0) delete session.pendingContext;
  return still;
}

/** A new message while calls wait: they are answered as not run, so the history stays valid (documented choice). */
export function dropPending(run: RunContext): void {
  // A sub-agent's calls are answered in its branch, and the sub-agent's own call in the branch above.
  dropWaiting(run, run.session.pending, DROPPED_FOR_NEW_MESSAGE);
  run.session.pending = [];
  delete run.session.pendingContext;
}
