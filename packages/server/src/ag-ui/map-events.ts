import { EventType, PROTOCOL_VERSION, type AGUIEvent, type Message, type RunFinishedOutcome } from '@ag-ui/core';
import type { DoneEvent, InputRequest, InputRequestEvent, PendingCall, StreamEvent } from '@agent-chat/protocol';
import { argumentsOf, resultContent } from './history-messages.js';
import { inputRequestInterrupt } from './input-interrupts.js';
import { SurfaceOperations } from './a2ui-activity.js';
import { mcpAppActivity, type ViewCall } from './mcp-apps.js';
import { interruptsFor } from './interrupts.js';
import { closeLane, closeReasoning, closeText, newLane } from './lanes.js';
import { stateDiff } from './state-diff.js';
import { META_KEY, subagentBranches, type SubagentCall } from './subagents.js';

export { META_KEY };

export interface AgUiRunIds {
  /** Our session id. */
  threadId: string;
  /** The client's run id, from its RunAgentInput. */
  runId: string;
  /** The sub-agent calls the session already holds: names a branch begun in an earlier run that this one resumes. */
  subagentCalls?: (toolCallId: string) => SubagentCall | undefined;
  /** The calls with a view the session already holds: a resumed run's result may answer one (mcp-apps.ts). */
  viewCalls?: (toolCallId: string) => ViewCall | undefined;
  /** The A2UI surfaces the session's stored turns drew: a change to one sends the surface whole (a2ui-activity.ts). */
  surfaces?: SurfaceOperations;
}

/**
 * Our run's events as AG-UI events, one run at a time. Stateful only as far as AG-UI's lifecycle needs: what each
 * agent (the main one, each sub-agent run: lanes.ts) has open, since AG-UI has start and end events where we have
 * deltas, the sub-agent runs open (subagents.ts), the last state sent (for STATE_DELTA), and what `done` will need
 * (the error, the calls waiting).
 */
export function agUiEventMapper(ids: AgUiRunIds) {
  const main = newLane(undefined);
  const branches = subagentBranches(ids.subagentCalls ?? (() => undefined));
  // The sub-agent run each call of a branch was made in: an interrupt is attributed to it, as its call is.
  const callOwner = new Map<string, string>();
  let state: { value: unknown } | undefined;
  let error: { message: string; code?: string } | undefined;
  let waiting: PendingCall[] = [];
  // This run's calls drawn as views, until their result brings the view's activity.
  const viewCalls = new Map<string, ViewCall>();
  const surfaces = ids.surfaces ?? new SurfaceOperations();

  function closeAll(out: AGUIEvent[]) {
    for (const lane of [main, ...branches.lanes()]) closeLane(lane, out);
  }

  return {
    /** The AG-UI events for one of ours; `done` is `finish`'s, since it needs the stored history. */
    map(event: Exclude<StreamEvent, DoneEvent>): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      // A sub-agent's events name the call that started it; the run's own (run_started, state...) name none.
      const lane = branches.lane(out, main, 'parentCallId' in event ? event.parentCallId : undefined);
      const { tag } = lane;
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
          closeReasoning(lane, out);
          if (lane.text !== event.turnId) {
            closeText(lane, out);
            out.push({ type: EventType.TEXT_MESSAGE_START, messageId: event.turnId, role: 'assistant', ...tag });
            lane.text = event.turnId;
            lane.assistant = event.turnId;
          }
          if (event.text) out.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: event.turnId, delta: event.text, ...tag });
          break;
        case 'thinking_delta':
          closeText(lane, out);
          lane.assistant = undefined;
          if (lane.reasoning !== event.turnId) {
            closeReasoning(lane, out);
            out.push({ type: EventType.REASONING_START, messageId: event.turnId, ...tag }, { type: EventType.REASONING_MESSAGE_START, messageId: event.turnId, role: 'reasoning', ...tag });
            lane.reasoning = event.turnId;
          }
          if (event.text) out.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: event.turnId, delta: event.text, ...tag });
          break;
        case 'tool_input_delta':
          // The input as the model writes it: the call opens at its first piece, and its pieces are the args.
          closeText(lane, out);
          closeReasoning(lane, out);
          if (!lane.calls.has(event.toolCallId)) {
            lane.assistant ??= event.toolCallId;
            out.push({ type: EventType.TOOL_CALL_START, toolCallId: event.toolCallId, toolCallName: event.name, parentMessageId: lane.assistant, ...tag });
            lane.calls.add(event.toolCallId);
          }
          out.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: event.toolCallId, delta: event.delta, ...tag });
          break;
        case 'tool_call':
          closeText(lane, out);
          closeReasoning(lane, out);
          if (!lane.calls.delete(event.toolCallId)) {
            // A call that came whole (a provider or model that does not stream inputs): its args in one piece.
            lane.assistant ??= event.toolCallId;
            out.push(
              { type: EventType.TOOL_CALL_START, toolCallId: event.toolCallId, toolCallName: event.name, parentMessageId: lane.assistant, ...tag },
              { type: EventType.TOOL_CALL_ARGS, toolCallId: event.toolCallId, delta: argumentsOf(event.input), ...tag },
            );
          }
          out.push({
            type: EventType.TOOL_CALL_END,
            toolCallId: event.toolCallId,
            ...tag,
            metadata: { [META_KEY]: { kind: event.kind, label: event.label, ...(event.subagent ? { subagent: true } : {}) } },
          });
          if (event.parentCallId) callOwner.set(event.toolCallId, event.parentCallId);
          if (event.view) viewCalls.set(event.toolCallId, { toolCallId: event.toolCallId, input: event.input, view: event.view });
          if (event.subagent) branches.start(out, event, lane.assistant);
          break;
        case 'tool_result': {
          closeText(lane, out);
          closeReasoning(lane, out);
          lane.assistant = undefined;
          const content = resultContent(event.output);
          branches.end(out, event, content);
          const details = {
            ...(event.isError ? { isError: true } : {}),
            ...(event.stopped ? { stopped: true } : {}),
            ...(event.confirmation ? { confirmation: event.confirmation } : {}),
            ...(event.usage ? { usage: event.usage } : {}),
          };
          // The result is the caller's: the agent that made the call gets it, whoever ran it (AG-UI attributes
          // a result on its own, by who produced it).
          out.push({
            type: EventType.TOOL_CALL_RESULT,
            messageId: event.turnId,
            toolCallId: event.toolCallId,
            role: 'tool',
            content,
            ...tag,
            ...(Object.keys(details).length > 0 ? { metadata: { [META_KEY]: details } } : {}),
          });
          // MCP Apps: the view follows its call's result, as @ag-ui/mcp-apps-middleware sends it.
          const viewCall = viewCalls.get(event.toolCallId) ?? ids.viewCalls?.(event.toolCallId);
          const activity = viewCall && mcpAppActivity(viewCall, { ...event, text: content }, tag);
          if (activity) out.push(activity);
          viewCalls.delete(event.toolCallId);
          break;
        }
        case 'ui':
          // A2UI: each surface the batch changed, as its one activity message (a2ui-activity.ts), where the history
          // has it too: its own message, so what follows starts a new assistant message.
          closeText(lane, out);
          closeReasoning(lane, out);
          lane.assistant = undefined;
          for (const surfaceId of surfaces.add(event.messages)) out.push(surfaces.snapshot(surfaceId, tag));
          break;
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
          if (!event.toolCallId) lane.assistant = undefined;
          out.push({
            type: EventType.CUSTOM,
            name: `${META_KEY}.status`,
            value: { text: event.text, ...(event.code ? { code: event.code } : {}), ...(event.toolCallId ? { toolCallId: event.toolCallId } : {}) },
            ...tag,
          });
          break;
        case 'error': {
          const words = { message: event.message, ...(event.code ? { code: event.code } : {}) };
          // A sub-agent's failure is its branch's (SUBAGENT_ERROR, and the run goes on); the run's own ends it
          // with RUN_ERROR, which is terminal: it waits for `done`.
          if (event.parentCallId) branches.failed(event.parentCallId, words);
          else error = words;
          break;
        }
        case 'awaiting_input':
          waiting = event.calls;
          break;
      }
      return out;
    },

    /**
     * An AG-UI run that picks up our run where it waits (an input request answered): its RUN_STARTED, since our log
     * has no `run_started` there.
     */
    started(ourRunId: string): AGUIEvent[] {
      return [
        {
          type: EventType.RUN_STARTED,
          threadId: ids.threadId,
          runId: ids.runId,
          protocolVersion: PROTOCOL_VERSION,
          metadata: { [META_KEY]: { runId: ourRunId, resumed: true } },
        },
      ];
    },

    /**
     * The AG-UI run ends at input requests (ours goes on, its calls waiting): open messages closed, the branches
     * suspended on their own requests, then RUN_FINISHED with one interrupt per request.
     */
    interrupted(requests: readonly (InputRequestEvent | InputRequest)[]): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      closeAll(out);
      // A sub-agent run's id is its call's (subagents.ts): the branch that asked is named by the request's parentCallId.
      const interrupts = requests.map((request) => inputRequestInterrupt(request, request.parentCallId));
      branches.endAll(out, (subagentRunId) => {
        const own = interrupts.filter((interrupt) => interrupt.subagentRunId === subagentRunId).map((interrupt) => interrupt.id);
        return { type: 'suspended', ...(own.length > 0 ? { interruptIds: own } : {}) };
      });
      out.push({ type: EventType.RUN_FINISHED, threadId: ids.threadId, runId: ids.runId, outcome: { type: 'interrupt', interrupts } });
      return out;
    },

    /** The run's end: open messages closed, the stored history as MESSAGES_SNAPSHOT, then RUN_FINISHED or RUN_ERROR. */
    finish(done: DoneEvent, messages: Message[] | undefined): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      closeAll(out);
      if (messages) out.push({ type: EventType.MESSAGES_SNAPSHOT, messages });
      if (done.stopReason === 'error') {
        // AG-UI leaves sub-agents open before RUN_ERROR: "an unclosed subagent is the expected shape of an aborted run".
        out.push({ type: EventType.RUN_ERROR, message: error?.message ?? 'The run failed on the server.', code: error?.code ?? 'run_failed' });
        return out;
      }
      const outcome = outcomeOf(done, waiting, (toolCallId) => callOwner.get(toolCallId));
      branches.endAll(out, (subagentRunId) => {
        if (done.stopReason !== 'awaiting_input') return undefined;
        const own = outcome.type === 'interrupt' ? outcome.interrupts.filter((interrupt) => interrupt.subagentRunId === subagentRunId).map((interrupt) => interrupt.id) : [];
        return { type: 'suspended', ...(own.length > 0 ? { interruptIds: own } : {}) };
      });
      out.push({
        type: EventType.RUN_FINISHED,
        threadId: ids.threadId,
        runId: ids.runId,
        // Undo is our POST /sessions/:threadId/undo; what it would undo is said here, as our `done` says it.
        result: { stopReason: done.stopReason, hasWrites: done.hasWrites, undoable: done.undoable, ...(done.undoTurnId ? { undoTurnId: done.undoTurnId } : {}) },
        outcome,
        ...(done.usage
          ? { usage: [{ inputTokens: done.usage.inputTokens, outputTokens: done.usage.outputTokens, totalTokens: done.usage.inputTokens + done.usage.outputTokens }] }
          : {}),
      });
      return out;
    },

    /** The run could not be followed to its end (its server died, or the reader fell behind the log). */
    lost(message: string, code: string): AGUIEvent[] {
      const out: AGUIEvent[] = [];
      closeAll(out);
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
function outcomeOf(done: DoneEvent, waiting: readonly PendingCall[], owner: (toolCallId: string) => string | undefined): RunFinishedOutcome {
  if (done.stopReason === 'cancelled') return { type: 'cancelled' };
  if (done.stopReason === 'awaiting_input' && waiting.length > 0) {
    if (waiting.some((call) => call.reason === 'confirm')) return { type: 'interrupt', interrupts: interruptsFor(waiting, owner) };
    return { type: 'success', pendingToolCallIds: waiting.map((call) => call.toolCallId) };
  }
  return { type: 'success' };
}
