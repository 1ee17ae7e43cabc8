import type { ToolCallTurn } from '@agent-chat/protocol';
import type { ToolContext } from '../tools/define-tool.js';
import { labelFor } from '../tools/label.js';
import { checkUiMessages } from '../ui/check-messages.js';
import { startUserWait } from '../tools/user-wait.js';
import type { RunContext } from './run-context.js';
import { appendTurn } from './run-turns.js';
import { addUsage, priceOf, pricedUsage } from './usage.js';

/**
 * The context a tool's functions get. `call` is the call being executed (absent for `needsConfirmation` and
 * `preview`, which run before it does): its progress and intermediate state name it. `onSignal` hears that the tool
 * took its signal (so it may end early on Stop). `asked`: the call waited for the user's confirmation.
 */
export function toolContext(run: RunContext, call?: ToolCallTurn, onSignal?: () => void, asked = false): ToolContext {
  // Progress is shown on the call's chip. A call drawn otherwise has no running step to show it on: one that shows
  // no step (`display: 'hidden'`, as seed 004's sendStatusMessage), an answer card, or a confirmation card (which
  // says how it was answered); its status is a line of the conversation.
  const tool = call && run.deps.tools.get(call.name);
  const display = tool?.display;
  const onStep = call && !asked && (display ?? 'chip') === 'chip' ? { toolCallId: call.toolCallId } : {};
  const ctx: ToolContext = {
    sessionId: run.session.id,
    principal: run.session.owner ?? '',
    context: run.context,
    get signal() {
      onSignal?.();
      return run.signal;
    },
    status(text) {
      const turn = run.turns.append({ type: 'status', text, ...onStep });
      run.emit({ type: 'status', turnId: turn.id, text, ...onStep });
    },
    state(snapshot) {
      // Not stored: the page's state lives with the page; the event is how it hears of a step in progress.
      run.emit({ type: 'state', state: snapshot, ...(call ? { toolCallId: call.toolCallId } : {}) });
    },
    ui(messages) {
      if (!call) throw new Error('ctx.ui: only a running call (execute) can draw a surface');
      // Into the main conversation, a sub-agent's call's included: a surface is for the user to see and act on. So
      // the event names no branch (subagent-run.ts leaves `ui` out of a branch's events): the page draws it where a
      // reload, replaying the stored turns, draws it too.
      const checked = checkUiMessages(run.session.turns, messages);
      const turn = appendTurn(run.session, { type: 'ui', toolCallId: call.toolCallId, messages: checked });
      run.emit({ type: 'ui', turnId: turn.id, toolCallId: call.toolCallId, messages: checked });
    },
    async requestInput(spec) {
      // Before the call runs (needsConfirmation, preview) there is no call to draw the card with, nor to wait.
      if (!call) throw new Error('ctx.requestInput: only a running call (execute) can ask the user');
      const waited = startUserWait(ctx);
      try {
        return await run.inputs.ask(run, call.toolCallId, labelFor(call.name, tool?.label, call.input), spec);
      } finally {
        waited();
      }
    },
    countUsage(usage, model) {
      addUsage(run.usage, pricedUsage(usage, model === undefined ? undefined : priceOf(run.deps.prices, model)));
    },
  };
  return ctx;
}
