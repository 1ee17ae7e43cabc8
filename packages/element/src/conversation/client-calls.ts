import type { ClientResult, Decision, PendingCall } from '@agent-chat/protocol';
import type { AgentChatAdapter, ClientToolHandler, ConfirmDecision } from '../adapter/adapter.js';

export interface PendingAnswers {
  decisions: Decision[];
  results: ClientResult[];
}

/**
 * The answers the page can give now to the calls a run stopped for: client tools run through the adapter's
 * handlers, confirmations go to `adapter.confirm`. A call nobody here can answer (a confirmation without
 * `adapter.confirm`) is left out and stays pending for the user.
 */
export async function answerPendingCalls(
  calls: readonly PendingCall[],
  adapter: AgentChatAdapter,
  signal: AbortSignal,
): Promise<PendingAnswers> {
  const answers: PendingAnswers = { decisions: [], results: [] };
  // One at a time, in the model's order: client tools change the page, and the next may depend on it.
  for (const call of calls) {
    const needsConfirm = call.reason === 'confirm' || call.confirm === true;
    let input = call.input;
    let edited = false;
    if (needsConfirm) {
      if (!adapter.confirm) continue;
      const decision = await abortable(askConfirm(adapter, call), signal);
      if (call.reason === 'confirm' || decision.action === 'deny') {
        answers.decisions.push(toDecision(call, decision));
        continue;
      }
      if (decision.action === 'edit') {
        input = decision.input;
        edited = true;
      }
    }
    // A client tool the host shows in its own view, without a handler, is answered there: `respond` in its view.
    const handler = adapter.tools?.[call.name] ?? (adapter.toolViews?.[call.name] || adapter.renderTool ? fromView : undefined);
    // A view's answer after a Stop goes to the conversation (a decision), not to this run that no longer waits.
    const result = await abortable(runClientTool(call, input, handler), signal).finally(() => waiting.delete(call.toolCallId));
    answers.results.push({ toolCallId: call.toolCallId, ...result, ...(edited ? { input } : {}) });
  }
  return answers;
}

/** The protocol's decision for a call: the edited input only with `edit`, a reason only when one was given. */
export function toDecision(call: PendingCall, { action, input, reason }: ConfirmDecision): Decision {
  return { toolCallId: call.toolCallId, action, ...(action === 'edit' ? { input } : {}), ...(reason ? { reason } : {}) };
}

/** A handler's value is the tool's output; a throw or a missing handler is an error result the agent reads. */
export async function runClientTool(
  call: PendingCall,
  input: unknown,
  handler: ClientToolHandler | undefined,
): Promise<{ output: unknown; isError?: boolean }> {
  // Answered in its view already (after a reload, say, with no run waiting for it): that answer is the handler's.
  if (answers.has(call.toolCallId)) handler ??= fromView;
  if (!handler) return { output: `This page has no handler for the client tool "${call.name}".`, isError: true };
  try {
    const output = await handler(input, call);
    return { output: output === undefined ? null : output };
  } catch (error) {
    return { output: error instanceof Error ? error.message : String(error), isError: true };
  }
}

/** What the user answered in a client tool's view (`respond`) before anything asked for it, by call id. */
const answers = new Map<string, unknown>();
/** The runs waiting for the user's answer in a client tool's view, by call id. */
const waiting = new Map<string, (value: unknown) => void>();

/**
 * The user's answer to a client tool, given in the host's view of it (`ToolViewCall.respond`): it becomes the tool's
 * result. Returns whether a run was waiting for it; if not, it is kept for when one asks (`runClientTool`).
 */
export function respondToCall(toolCallId: string, value: unknown): boolean {
  const resolve = waiting.get(toolCallId);
  waiting.delete(toolCallId);
  if (resolve) resolve(value);
  else answers.set(toolCallId, value);
  return resolve !== undefined;
}

/** A handler for a client tool that a view answers: its answer if given, else a wait for it. */
const fromView: ClientToolHandler = (_input, call) => {
  const id = call.toolCallId;
  if (!answers.has(id)) return new Promise((resolve) => waiting.set(id, resolve));
  const value = answers.get(id);
  answers.delete(id);
  return value;
};

/** A confirm that throws is a refusal, so the run can go on instead of hanging on a broken host dialog. */
async function askConfirm(adapter: AgentChatAdapter, call: PendingCall) {
  try {
    return await adapter.confirm!(call);
  } catch (error) {
    return { action: 'deny' as const, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Stop must not wait for a page handler that never returns. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DOMException('Stopped', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('Stopped', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
