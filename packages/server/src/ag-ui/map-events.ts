import { EventType, PROTOCOL_VERSION, type AGUIEvent, type Message, type RunFinishedOutcome } from '@ag-ui/core';
import type { DoneEvent, PendingCall, StreamEvent } from '@agent-chat/protocol';
import { argumentsOf, resultContent } from './history-messages.js';
import { interruptsFor } from './interrupts.js';
import { stateDiff } from './state-diff.js';

/** Our own details on an AG-UI event or message, under one key (AG-UI reserves only `ag-ui`). */
export const META_KEY = 'agent-chat';

export interface AgUiRunIds {
  /** Our session id. */
  threadId: string;
  /** The client's run id, from its RunAgentInput. */
  runId: string;
}

/**
 * Our run's events as AG-UI events, one run at a time. Stateful only as far as AG-UI's lifecycle needs: which text
 * or reasoning message is open (AG-UI has start and end events, we have deltas), which tool calls are still being
 * written, which assistant message calls hang on, the last state sent (for STATE_DELTA), and what `done` will need
 * (the error, the calls waiting).
 */
export function agUiEventMapper(ids: AgUiRunIds) {
  let text: string | undefined;
  let reasoning: string | undefined;
  // Calls whose input is streaming: open in AG-UI until their tool_call completes them.
  const calls = new Set<string>();
  // The assistant message tool calls join (see history-messages.ts: the snapshot groups them by the same rule).
  let assistant: string | undefined;
  let state: { value: unknown } | undefined;
  let error: { message: string; code?: string } | undefined;
  let waiting: PendingCall[] = [];

  function closeText(out: AGUIEvent[]) {
    if (text === undefined) return;
    out.push({ type: EventType.TEXT_MESSAGE_END, messageId: text });
    text = undefined;
  }
  function closeCalls(out: AGUIEvent[]) {
    // A Stop mid-input leaves a call the model never finished: closed here; MESSAGES_SNAPSHOT then drops it.
    for (const toolCallId of calls) out.push({ type: EventType.TOOL_CALL_END, toolCallId });
    calls.clear();
  }
  function closeReasoning(out: AGUIEvent[]) {
    if (reasoning === undefined) return;
    out.push({ type: EventType.REASONING_MESSAGE_END, messageId: reasoning }, { type: EventType.REASONING_END, messageId: reasoning });
    reasoning = undefined;
  }

  return {
    /** The AG-UI events for one of ours; `done` is `finish`'s, since it needs the stored history. */
    map(event: Exclude<StreamEvent, DoneEvent>): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      switch (event.type) {
        case 'run_started':
          out.push({
            type: EventType.RUN_STARTED,
            threadId: ids.threadId,
            runId: ids.runId,
            protocolVersion: PROTOCOL_VERSION,
            metadata: { [META_KEY]: { runId: event.runId, resumed: event.resumed, ...(event.userTurnId ? { userTurnId: event.userTurnId } : {}) } },
          });
          break;
        case 'text_delta':
          closeReasoning(out);
          if (text !== event.turnId) {
            closeText(out);
            out.push({ type: EventType.TEXT_MESSAGE_START, messageId: event.turnId, role: 'assistant' });
            text = event.turnId;
            assistant = event.turnId;
          }
          if (event.text) out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: event.turnId, delta: event.text });
          break;
        case 'thinking_delta':
          closeText(out);
          assistant = undefined;
          if (reasoning !== event.turnId) {
            closeReasoning(out);
            out.push({ type: EventType.REASONING_START, messageId: event.turnId }, { type: EventType.REASONING_MESSAGE_START, messageId: event.turnId, role: 'reasoning' });
            reasoning = event.turnId;
          }
          if (event.text) out.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: event.turnId, delta: event.text });
          break;
        case 'tool_input_delta':
          // The input as the model writes it: the call opens at its first piece, and its pieces are the args.
          closeText(out);
          closeReasoning(out);
          if (!calls.has(event.toolCallId)) {
            assistant ??= event.toolCallId;
            out.push({ type: EventType.TOOL_CALL_START, toolCallId: event.toolCallId, toolCallName: event.name, parentMessageId: assistant });
            calls.add(event.toolCallId);
          }
          out.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: event.toolCallId, delta: event.delta });
          break;
        case 'tool_call':
          closeText(out);
          closeReasoning(out);
          if (!calls.delete(event.toolCallId)) {
            // A call that came whole (a provider or model that does not stream inputs): its args in one piece.
            assistant ??= event.toolCallId;
            out.push(
              { type: EventType.TOOL_CALL_START, toolCallId: event.toolCallId, toolCallName: event.name, parentMessageId: assistant },
              { type: EventType.TOOL_CALL_ARGS, toolCallId: event.toolCallId, delta: argumentsOf(event.input) },
            );
          }
          out.push({ type: EventType.TOOL_CALL_END, toolCallId: event.toolCallId, metadata: { [META_KEY]: { kind: event.kind, label: event.label } } });
          break;
        case 'tool_result': {
          closeText(out);
          closeReasoning(out);
          assistant = undefined;
          const details = {
            ...(event.isError ? { isError: true } : {}),
            ...(event.stopped ? { stopped: true } : {}),
            ...(event.confirmation ? { confirmation: event.confirmation } : {}),
          };
          out.push({
            type: EventType.TOOL_CALL_RESULT,
            messageId: event.turnId,
            toolCallId: event.toolCallId,
            role: 'tool',
            content: resultContent(event.output),
            ...(Object.keys(details).length > 0 ? { metadata: { [META_KEY]: details } } : {}),
          });
          break;
        }
        case 'state': {
          // The first state of a run is whole; after it, only what changed (the client holds the rest).
          const ops = state === undefined ? undefined : stateDiff(state.value, event.state);
          const whole = ops === undefined || ops.some((op) => op.path === '');
          if (whole) out.push({ type: EventType.STATE_SNAPSHOT, snapshot: event.state ?? null });
          else if (ops.length > 0) out.push({ type: EventType.STATE_DELTA, delta: ops });
          state = { value: event.state };
          break;
        }
        case 'status':
          // A tool's progress belongs to its call; a notice of ours starts a new assistant message after it.
          if (!event.toolCallId) assistant = undefined;
          out.push({
            type: EventType.CUSTOM,
            name: `${META_KEY}.status`,
            value: { text: event.text, ...(event.code ? { code: event.code } : {}), ...(event.toolCallId ? { toolCallId: event.toolCallId } : {}) },
          });
          break;
        case 'error':
          // AG-UI ends a failed run with RUN_ERROR, which is terminal: it waits for `done`.
          error = { message: event.message, ...(event.code ? { code: event.code } : {}) };
          break;
        case 'awaiting_input':
          waiting = event.calls;
          break;
      }
      return out;
    },

    /** The run's end: open messages closed, the stored history as MESSAGES_SNAPSHOT, then RUN_FINISHED or RUN_ERROR. */
    finish(done: DoneEvent, messages: Message[] | undefined): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      closeText(out);
      closeReasoning(out);
      closeCalls(out);
      if (messages) out.push({ type: EventType.MESSAGES_SNAPSHOT, messages });
      if (done.stopReason === 'error') {
        out.push({ type: EventType.RUN_ERROR, message: error?.message ?? 'The run failed on the server.', code: error?.code ?? 'run_failed' });
        return out;
      }
      out.push({
        type: EventType.RUN_FINISHED,
        threadId: ids.threadId,
        runId: ids.runId,
        // Undo is our POST /sessions/:threadId/undo; what it would undo is said here, as our `done` says it.
        result: { stopReason: done.stopReason, hasWrites: done.hasWrites, undoable: done.undoable, ...(done.undoTurnId ? { undoTurnId: done.undoTurnId } : {}) },
        outcome: outcomeOf(done, waiting),
        ...(done.usage
          ? { usage: [{ inputTokens: done.usage.inputTokens, outputTokens: done.usage.outputTokens, totalTokens: done.usage.inputTokens + done.usage.outputTokens }] }
          : {}),
      });
      return out;
    },

    /** The run could not be followed to its end (its server died, or the reader fell behind the log). */
    lost(message: string, code: string): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      closeText(out);
      closeReasoning(out);
      closeCalls(out);
      out.push({ type: EventType.RUN_ERROR, message, code });
      return out;
    },
  };
}

export type AgUiEventMapper = ReturnType<typeof agUiEventMapper>;

/**
 * Why the run ended, in AG-UI's words. A call the user must confirm is an interrupt (and then every waiting call
 * is one, so one resume answers them all); calls only the page runs are AG-UI's frontend tools: a success that
 * names them, answered by tool messages in the next input. A Stop is the cancelled outcome.
 */
function outcomeOf(done: DoneEvent, waiting: readonly PendingCall[]): RunFinishedOutcome {
  if (done.stopReason === 'cancelled') return { type: 'cancelled' };
  if (done.stopReason === 'awaiting_input' && waiting.length > 0) {
    if (waiting.some((call) => call.reason === 'confirm')) return { type: 'interrupt', interrupts: interruptsFor(waiting) };
    return { type: 'success', pendingToolCallIds: waiting.map((call) => call.toolCallId) };
  }
  return { type: 'success' };
}
