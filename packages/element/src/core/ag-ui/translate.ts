import type {
  ActivityDeltaEvent,
  ActivitySnapshotEvent,
  AssistantMessage,
  Interrupt,
  MessagesSnapshotEvent,
  ReasoningMessage,
  ReasoningMessageContentEvent,
  RunErrorEvent,
  RunFinishedEvent,
  StateDeltaEvent,
  StateSnapshotEvent,
  SubagentErrorEvent,
  SubagentFinishedEvent,
  SubagentStartedEvent,
  TextMessageChunkEvent,
  TextMessageStartEvent,
  ToolCallArgsEvent,
  ToolCallChunkEvent,
  ToolCallResultEvent,
  ToolCallStartEvent,
} from '@ag-ui/core';
import type { Confirmation, PendingCall, StreamEvent } from '@agent-chat/protocol';
import { A2UI_ACTIVITY, a2uiActivityEvents } from './a2ui-activity.js';
import { INPUT_REQUEST_REASON, inputRequestEvent } from './input-interrupts.js';
import { applyPatch, type PatchOperation } from './json-patch.js';
import { mcpAppEvents, snapshotApps } from './mcp-apps-activity.js';
import { CLIENT_TOOL_REASON, OURS, callEvent, contentText, doneEvent, ours, reconcile, resultEvent, turnIds, under } from './stream-events.js';
import { agUiId, parseJson, runCall, type AgUiThread } from './thread.js';

export { CLIENT_TOOL_REASON, contentText, doneEvent, reconcile, turnIds };

/**
 * One AG-UI run's events, turned into the element's own stream events (packages/protocol's), so the conversation
 * follows an AG-UI agent with the code that follows the element's own server. Keeps the thread as it goes: the
 * messages the next run is sent, the state, the tool calls, the interrupts. An `mcp-apps` activity draws its call's
 * view (mcp-apps-activity.ts); events the element has no use for (steps, other activities, raw, custom) turn into
 * nothing.
 *
 * A sub-agent run (AG-UI 1.0: SUBAGENT_STARTED, then events carrying its `subagentRunId`, then SUBAGENT_FINISHED or
 * SUBAGENT_ERROR) is the element's sub-agent branch: the call SUBAGENT_STARTED names (`parentToolCallId`) becomes a
 * sub-agent call (`subagent: true`), and the run's events become events with that call as `parentCallId`, so they
 * build its branch (nested runs name their own calls). The run's end gives the call its result at once; the
 * caller's TOOL_CALL_RESULT, when it comes, replaces it.
 */
export class AgUiTranslator {
  /** RUN_FINISHED or RUN_ERROR came: the run is over. */
  ended = false;
  /**
   * The run ended at input requests alone: its calls are still running on the agent, waiting for the user's answers,
   * and a resume that answers them goes on with the same run (the client keeps the stream open meanwhile).
   */
  asking = false;
  readonly #thread: AgUiThread;
  /** How the user answered the calls this run continues from, for their results' cards. */
  readonly #decided: ReadonlyMap<string, Confirmation>;
  /** Text messages whose role is not the assistant's: not shown. */
  readonly #skipped = new Set<string>();
  /** The message a CHUNK event without an id continues. */
  #lastText: string | undefined;
  #lastReasoning: string | undefined;
  /** The call TOOL_CALL_CHUNKs are building, until an event that is not one of its chunks ends it. */
  #openChunk: string | undefined;
  /** The calls this run started that have no result yet: a run that breaks off answers them (settleOpenCalls). */
  readonly #open = new Set<string>();
  /** The call of the last TOOL_CALL_RESULT: an `mcp-apps` activity that names no call is that call's view. */
  #lastResult: string | undefined;

  constructor(thread: AgUiThread, decided: ReadonlyMap<string, Confirmation> = new Map()) {
    this.#thread = thread;
    this.#decided = decided;
  }

  /** The element's events for one AG-UI event, in order (often none, sometimes two). */
  translate(event: { type: string }): StreamEvent[] {
    const open = this.#openChunk;
    if (open && (event.type !== 'TOOL_CALL_CHUNK' || ((event as ToolCallChunkEvent).toolCallId ?? open) !== open)) {
      this.#openChunk = undefined;
      return [...this.#callEvent(open), ...this.translate(event)];
    }
    return this.#translate(event);
  }

  #translate(event: { type: string }): StreamEvent[] {
    switch (event.type) {
      case 'TEXT_MESSAGE_START': {
        const { messageId, role, subagentRunId } = event as TextMessageStartEvent;
        this.#lastText = messageId;
        if (role && role !== 'assistant') this.#skipped.add(messageId);
        else this.#assistant(messageId, subagentRunId);
        return [];
      }
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_CHUNK': {
        const chunk = event as TextMessageChunkEvent;
        const messageId = chunk.messageId ?? this.#lastText;
        if (!messageId || !chunk.delta) return [];
        this.#lastText = messageId;
        if (chunk.role && chunk.role !== 'assistant') this.#skipped.add(messageId);
        if (this.#skipped.has(messageId)) return [];
        const message = this.#assistant(messageId, chunk.subagentRunId);
        message.content = (message.content ?? '') + chunk.delta;
        return [{ type: 'text_delta', turnId: turnIds.text(messageId), text: chunk.delta, ...this.#branch(message.subagentRunId) }];
      }
      case 'REASONING_MESSAGE_START': {
        const { messageId, subagentRunId } = event as ReasoningMessageContentEvent;
        this.#lastReasoning = messageId;
        this.#reasoning(messageId, subagentRunId);
        return [];
      }
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CHUNK': {
        const chunk = event as Partial<ReasoningMessageContentEvent>;
        const messageId = chunk.messageId ?? this.#lastReasoning;
        if (!messageId || !chunk.delta) return [];
        this.#lastReasoning = messageId;
        const message = this.#reasoning(messageId, chunk.subagentRunId);
        message.content += chunk.delta;
        return [{ type: 'thinking_delta', turnId: turnIds.thinking(messageId), text: chunk.delta, ...this.#branch(message.subagentRunId) }];
      }
      case 'TOOL_CALL_START': {
        const { toolCallId, toolCallName, parentMessageId, subagentRunId } = event as ToolCallStartEvent;
        return [this.#startCall(toolCallId, toolCallName, parentMessageId, subagentRunId)];
      }
      case 'TOOL_CALL_ARGS': {
        const { toolCallId, delta } = event as ToolCallArgsEvent;
        return this.#appendArgs(toolCallId, delta);
      }
      case 'TOOL_CALL_END': {
        // An agent-chat server says the call's kind and label, and whether it starts a sub-agent.
        const end = event as ToolCallArgsEvent;
        const call = this.#thread.calls.get(end.toolCallId);
        if (!call) return [];
        const { kind, label, subagent } = ours(end);
        Object.assign(call, { ended: true }, kind ? { kind } : {}, label ? { label } : {}, subagent ? { subagent } : {});
        return this.#callEvent(end.toolCallId);
      }
      case 'TOOL_CALL_CHUNK': {
        // AG-UI's shorthand for START/ARGS/END: the first chunk of a call starts it, and the call ends at the
        // first event that is not one of its chunks (see translate).
        const chunk = event as ToolCallChunkEvent;
        const toolCallId = chunk.toolCallId ?? this.#openChunk;
        if (!toolCallId) return [];
        const started = this.#thread.calls.has(toolCallId) ? [] : [this.#startCall(toolCallId, chunk.toolCallName ?? 'tool', chunk.parentMessageId, chunk.subagentRunId)];
        this.#openChunk = toolCallId;
        return [...started, ...(chunk.delta ? this.#appendArgs(toolCallId, chunk.delta) : [])];
      }
      case 'TOOL_CALL_RESULT':
        this.#lastResult = (event as ToolCallResultEvent).toolCallId;
        return [this.#result(event as ToolCallResultEvent)];
      case 'ACTIVITY_SNAPSHOT':
        if ((event as ActivitySnapshotEvent).activityType === A2UI_ACTIVITY) return a2uiActivityEvents(this.#thread, event as ActivitySnapshotEvent);
        return mcpAppEvents(this.#thread, event as ActivitySnapshotEvent, this.#lastResult);
      case 'ACTIVITY_DELTA':
        return a2uiActivityEvents(this.#thread, event as ActivityDeltaEvent);
      case 'SUBAGENT_STARTED':
        return this.#subagentStarted(event as SubagentStartedEvent);
      case 'SUBAGENT_FINISHED':
      case 'SUBAGENT_ERROR':
        return this.#subagentEnded(event as SubagentFinishedEvent | SubagentErrorEvent);
      case 'STATE_SNAPSHOT':
        this.#thread.state = (event as StateSnapshotEvent).snapshot;
        return [{ type: 'state', state: this.#thread.state }];
      case 'STATE_DELTA':
        try {
          this.#thread.state = applyPatch(this.#thread.state ?? {}, (event as StateDeltaEvent).delta as PatchOperation[]);
        } catch (error) {
          // AG-UI: a patch that does not apply is warned about and skipped; the state stays as it was (a patch
          // applies whole or not at all), and the agent's next snapshot puts both sides in step again.
          console.warn(`[agent-chat] AG-UI STATE_DELTA skipped: ${(error as Error).message}`);
          return [];
        }
        return [{ type: 'state', state: this.#thread.state }];
      case 'MESSAGES_SNAPSHOT':
        // The agent's own account of the conversation: what the next run is sent. What is on screen came live.
        this.#thread.messages = reconcile(this.#thread.messages, (event as MessagesSnapshotEvent).messages);
        this.#thread.snapshot = (event as MessagesSnapshotEvent).messages.map((message) => message.id);
        snapshotApps(this.#thread, (event as MessagesSnapshotEvent).messages);
        return [];
      case 'RUN_ERROR': {
        const { message, code } = event as RunErrorEvent;
        this.ended = true;
        this.settleOpenCalls(message || 'The agent failed');
        return [{ type: 'error', message: message || 'The agent failed', ...(code ? { code } : {}) }, doneEvent('error')];
      }
      case 'RUN_FINISHED':
        this.ended = true;
        return this.#finished(event as RunFinishedEvent);
      default:
        return [];
    }
  }

  /** The `parentCallId` of what a sub-agent run's event becomes (nothing for the agent's own). */
  #branch(subagentRunId: string | null | undefined): { parentCallId?: string } {
    return under(runCall(this.#thread, subagentRunId));
  }

  /** The assistant message a text or a tool call belongs to, added to the thread the first time (a sub-agent's tagged). */
  #assistant(messageId: string, subagentRunId?: string | null): AssistantMessage {
    const found = this.#thread.messages.find((message) => message.id === messageId && message.role === 'assistant');
    if (found) return found as AssistantMessage;
    const message: AssistantMessage = { id: messageId, role: 'assistant', ...(subagentRunId ? { subagentRunId } : {}) };
    this.#thread.messages.push(message);
    return message;
  }

  /** A reasoning message, added to the thread in its place the first time (a snapshot then replaces it there). */
  #reasoning(messageId: string, subagentRunId?: string | null): ReasoningMessage {
    const found = this.#thread.messages.find((message) => message.id === messageId && message.role === 'reasoning');
    if (found) return found as ReasoningMessage;
    const message: ReasoningMessage = { id: messageId, role: 'reasoning', content: '', ...(subagentRunId ? { subagentRunId } : {}) };
    this.#thread.messages.push(message);
    return message;
  }

  /** The chip shows from the start and its input as it streams (the element's tool_input_delta); TOOL_CALL_END completes it. */
  #startCall(toolCallId: string, name: string, parentMessageId: string | undefined, subagentRunId?: string | null): StreamEvent {
    const parentCallId = runCall(this.#thread, subagentRunId);
    this.#thread.calls.set(toolCallId, { name, args: '', ...under(parentCallId) });
    this.#open.add(toolCallId);
    const message = this.#assistant(parentMessageId ?? `${toolCallId}-message`, subagentRunId);
    message.toolCalls = [...(message.toolCalls ?? []), { id: toolCallId, type: 'function', function: { name, arguments: '' } }];
    return { type: 'tool_input_delta', turnId: turnIds.call(toolCallId), toolCallId, name, delta: '', ...under(parentCallId) };
  }

  #appendArgs(toolCallId: string, delta: string): StreamEvent[] {
    const call = this.#thread.calls.get(toolCallId);
    if (!call) return [];
    call.args += delta;
    for (const message of this.#thread.messages) {
      if (message.role !== 'assistant') continue;
      const toolCall = message.toolCalls?.find((candidate) => candidate.id === toolCallId);
      if (toolCall) toolCall.function.arguments = call.args;
    }
    return [{ type: 'tool_input_delta', turnId: turnIds.call(toolCallId), toolCallId, name: call.name, delta, ...under(call.parentCallId) }];
  }

  #callEvent(toolCallId: string): StreamEvent[] {
    const call = this.#thread.calls.get(toolCallId);
    return call ? [callEvent(toolCallId, call)] : [];
  }

  #result({ messageId, toolCallId, content, subagentRunId, ...rest }: ToolCallResultEvent): StreamEvent {
    const text = contentText(content);
    this.#open.delete(toolCallId);
    this.#thread.messages.push({ id: messageId, role: 'tool', toolCallId, content, ...(subagentRunId ? { subagentRunId } : {}) });
    const call = this.#thread.calls.get(toolCallId);
    // An agent-chat server says how the call ended; a sub-agent's end (SUBAGENT_*) may have said it before.
    const details = ours(rest);
    if (call) Object.assign(call, details.isError ? { isError: true } : {}, details.stopped ? { stopped: true } : {}, details.usage ? { usage: details.usage } : {});
    const confirmation = this.#decided.get(toolCallId) ?? details.confirmation;
    return {
      ...resultEvent(toolCallId, call, parseJson(text)),
      ...(confirmation ? { confirmation } : {}),
      // The call's result goes where the call is, whoever the agent says produced it.
      ...under(call ? call.parentCallId : runCall(this.#thread, subagentRunId)),
    };
  }

  /**
   * A sub-agent run begins: the call that spawned it becomes a sub-agent call, drawn as one once it is whole. A run
   * no call spawned is shown as one, so its events have a place. A run announced again (it goes on after the
   * user answered) is the same branch.
   */
  #subagentStarted({ subagentRunId, name, description, parentToolCallId, parentSubagentRunId }: SubagentStartedEvent): StreamEvent[] {
    const thread = this.#thread;
    const toolCallId = parentToolCallId ?? thread.runs.get(subagentRunId) ?? `ag-ui-subagent-${subagentRunId}`;
    thread.runs.set(subagentRunId, toolCallId);
    let call = thread.calls.get(toolCallId);
    if (!call) {
      call = { name, args: '', ended: true, ...under(runCall(thread, parentSubagentRunId)) };
      thread.calls.set(toolCallId, call);
    }
    call.subagent = true;
    call.label ??= description;
    return call.ended ? [callEvent(toolCallId, call)] : [];
  }

  /**
   * A sub-agent run's end: its call's result, now (the caller's TOOL_CALL_RESULT replaces it). An error is said in
   * its branch too, as the element's server says a sub-agent's; a stop is an agent-chat server's metadata (AG-UI has
   * no stopped outcome). A suspended run is not over: its call waits with it.
   */
  #subagentEnded(event: SubagentFinishedEvent | SubagentErrorEvent): StreamEvent[] {
    const toolCallId = runCall(this.#thread, event.subagentRunId)!;
    const call = this.#thread.calls.get(toolCallId);
    if (!call) return [];
    const { stopped, usage } = ours(event);
    Object.assign(call, stopped ? { stopped: true } : {}, usage ? { usage } : {});
    if (event.type === 'SUBAGENT_ERROR') {
      call.isError = true;
      const error: StreamEvent = { type: 'error', message: event.message, ...(event.code ? { code: event.code } : {}), parentCallId: toolCallId };
      return [error, { ...resultEvent(toolCallId, call, event.message), ...under(call.parentCallId) }];
    }
    if (event.outcome?.type === 'suspended') return [];
    return [{ ...resultEvent(toolCallId, call, event.result ?? null), ...under(call.parentCallId) }];
  }

  #finished({ outcome }: RunFinishedEvent): StreamEvent[] {
    if (outcome?.type === 'cancelled') {
      this.settleOpenCalls('Not run: stopped');
      return [doneEvent('cancelled')];
    }
    if (outcome?.type === 'interrupt') {
      const asked = outcome.interrupts.filter((interrupt) => interrupt.reason === INPUT_REQUEST_REASON).map((interrupt) => this.#inputRequest(interrupt));
      const calls = outcome.interrupts.filter((interrupt) => interrupt.reason !== INPUT_REQUEST_REASON).map((interrupt) => this.#interruptCall(interrupt));
      this.asking = asked.length > 0 && calls.length === 0;
      return this.asking ? asked : [...asked, { type: 'awaiting_input', calls }, doneEvent('awaiting_input')];
    }
    const pending = outcome?.pendingToolCallIds ?? [];
    this.#thread.clientCalls = pending.map((toolCallId) => {
      const call = this.#thread.calls.get(toolCallId);
      const name = call?.name ?? 'tool';
      return { toolCallId, name, kind: 'client', input: parseJson(call?.args ?? ''), label: name, reason: 'client', ...under(call?.parentCallId) };
    });
    const calls = this.#thread.clientCalls;
    if (calls.length === 0) return [doneEvent('end_turn')];
    // Each streamed as a read (nothing says which calls are the page's until now): shown again as the page's, so
    // a view of it offers `respond` and waits for the answer.
    const shown = calls.map(({ toolCallId, name, input, label, parentCallId }): StreamEvent => ({
      type: 'tool_call',
      turnId: turnIds.call(toolCallId),
      toolCallId,
      name,
      kind: 'client',
      label,
      input,
      ...under(parentCallId),
    }));
    return [...shown, { type: 'awaiting_input', calls }, doneEvent('awaiting_input')];
  }

  /**
   * A run that was stopped or failed: each call it started without a result gets a tool message saying so, since an
   * OpenAI-style agent refuses a thread with a tool call left unanswered.
   */
  settleOpenCalls(content: string): void {
    for (const toolCallId of this.#open) this.#thread.messages.push({ id: agUiId('tool'), role: 'tool', toolCallId, content, ...this.#runOf(toolCallId) });
    this.#open.clear();
  }

  /** The sub-agent run a call was made in, for the thread's message about it. */
  #runOf(toolCallId: string): { subagentRunId?: string } {
    const parent = this.#thread.calls.get(toolCallId)?.parentCallId;
    const run = parent === undefined ? undefined : [...this.#thread.runs].find(([, callId]) => callId === parent)?.[0];
    return run === undefined ? {} : { subagentRunId: run };
  }

  /** An input request interrupt as the element's own event (its card), kept on the thread for its answer. */
  #inputRequest(interrupt: Interrupt): StreamEvent {
    const call = interrupt.toolCallId ? this.#thread.calls.get(interrupt.toolCallId) : undefined;
    const toolCallId = interrupt.toolCallId ?? `ag-ui-interrupt-${interrupt.id}`;
    const event = inputRequestEvent(interrupt, toolCallId, runCall(this.#thread, interrupt.subagentRunId) ?? call?.parentCallId);
    const { type: _type, ...request } = event;
    // Asked again (a resume answered another request first): the answer given here stands.
    const known = this.#thread.inputRequests.get(interrupt.id);
    this.#thread.inputRequests.set(interrupt.id, known?.answer ? known : request);
    return event;
  }

  /**
   * An interrupt as the element's confirmation card: a tool approval shows its call (name and arguments); any other
   * interrupt (a confirmation, a request for input) shows its message, with Confirm and Deny as the answers. An
   * agent-chat server's AG-UI endpoint puts its card's details in the interrupt's metadata (`agent-chat`): the
   * preview, the button, and whether the page runs the call (a client tool) are taken from there.
   */
  #interruptCall(interrupt: Interrupt): PendingCall {
    const call = interrupt.toolCallId ? this.#thread.calls.get(interrupt.toolCallId) : undefined;
    const ours = (interrupt.metadata?.[OURS] ?? {}) as Partial<PendingCall>;
    // A sub-agent's interrupt names its run: its card goes in that branch.
    const parentCallId = runCall(this.#thread, interrupt.subagentRunId) ?? call?.parentCallId;
    const toolCallId = interrupt.toolCallId ?? `ag-ui-interrupt-${interrupt.id}`;
    const name = ours.name ?? call?.name ?? interrupt.reason;
    const pending: PendingCall = {
      toolCallId,
      name,
      kind: ours.kind ?? 'write',
      input: 'input' in ours ? ours.input : call ? parseJson(call.args) : {},
      label: interrupt.message ?? name,
      reason: interrupt.reason === CLIENT_TOOL_REASON ? 'client' : 'confirm',
      ...(ours.confirm ? { confirm: true } : {}),
      ...(ours.preview ? { preview: ours.preview } : {}),
      ...(ours.confirmButton ? { confirmButton: ours.confirmButton } : {}),
      ...under(parentCallId),
    };
    this.#thread.interrupts.set(toolCallId, { interrupt, call: pending });
    return pending;
  }
}
