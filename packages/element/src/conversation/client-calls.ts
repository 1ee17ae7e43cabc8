import type { ClientResult, Decision, PendingCall } from '@agent-chat/protocol';
import type { AgentChatAdapter, ClientToolHandler, ConfirmDecision } from '../context/adapter.js';

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
    const handler = adapter.tools?.[call.name];
    // A client tool the host shows in its own view, without a handler, is the user's to answer there (`respond`), as
    // a card is: left out, so the run ends and the call waits for them, unless they have answered already.
    if (!handler && !responses.has(call.toolCallId) && drawnByHost(adapter, call)) continue;
    const result = await abortable(runClientTool(call, input, handler), signal);
    answers.results.push({ toolCallId: call.toolCallId, ...result, ...(edited ? { input } : {}) });
  }
  return answers;
}

/**
 * Whether the host draws this call in a view of its own: one by its name, or `renderTool` answering for it. A
 * `renderTool` that keeps the chip for this tool (returns nothing) leaves it to the "no handler" answer, or the call
 * would wait with nothing on screen to answer it. Asked with the call as its view would first see it waiting.
 */
function drawnByHost(adapter: AgentChatAdapter, call: PendingCall): boolean {
  if (adapter.toolViews?.[call.name]) return true;
  try {
    const view = adapter.renderTool?.({
      toolCallId: call.toolCallId,
      name: call.name,
      kind: 'client',
      label: call.label,
      input: call.input,
      partial: false,
      result: undefined,
      status: 'waiting',
      respond: () => {},
      onUpdate: () => {},
    });
    return view !== undefined && view !== null;
  } catch {
    return false;
  }
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
  // Answered in its view: that answer is what a handler would have returned.
  if (!handler && responses.has(call.toolCallId)) handler = fromView;
  if (!handler) return { output: `This page has no handler for the client tool "${call.name}".`, isError: true };
  try {
    const output = await handler(input, call);
    return { output: output === undefined ? null : output };
  } catch (error) {
    return { output: error instanceof Error ? error.message : String(error), isError: true };
  }
}

/** What the user answered in client tools' views (`respond`), by call id, until the call's answer is sent. */
const responses = new Map<string, unknown>();

/**
 * The user's answer to a client tool, given in the host's view of it (`ToolViewCall.respond`): kept until the
 * answer to the call is sent (`runClientTool`), where it is the tool's result, as a handler's return value would be.
 */
export function respondToCall(toolCallId: string, value: unknown): void {
  responses.set(toolCallId, value);
}

/** The handler of a client tool answered in its view: the user's answer. */
const fromView: ClientToolHandler = (_input, call) => {
  const value = responses.get(call.toolCallId);
  responses.delete(call.toolCallId);
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
