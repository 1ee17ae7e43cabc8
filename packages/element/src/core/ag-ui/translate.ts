import type {
  AssistantMessage,
  ContentPart,
  Interrupt,
  Message,
  MessagesSnapshotEvent,
  ReasoningMessageContentEvent,
  RunErrorEvent,
  RunFinishedEvent,
  StateDeltaEvent,
  StateSnapshotEvent,
  TextMessageChunkEvent,
  TextMessageStartEvent,
  ToolCallArgsEvent,
  ToolCallChunkEvent,
  ToolCallResultEvent,
  ToolCallStartEvent,
} from '@ag-ui/core';
import type { Confirmation, PendingCall, StopReason, StreamEvent } from '@agent-chat/protocol';
import { applyPatch, type PatchOperation } from './json-patch.js';
import { agUiId, parseJson, type AgUiThread } from './thread.js';

/** The reason an agent-chat server's AG-UI endpoint gives a call the page must run (its client tools). */
export const CLIENT_TOOL_REASON = 'client_tool';

/** The turn ids the element gives what an AG-UI run streams: one namespace per kind, so ids never collide. */
export const turnIds = {
  text: (messageId: string) => `ag-ui-text-${messageId}`,
  thinking: (messageId: string) => `ag-ui-thinking-${messageId}`,
  call: (toolCallId: string) => `ag-ui-call-${toolCallId}`,
  result: (toolCallId: string) => `ag-ui-result-${toolCallId}`,
};

export function doneEvent(stopReason: StopReason): StreamEvent {
  return { type: 'done', stopReason, hasWrites: false, undoable: false };
}

/** A tool message's content as text: AG-UI allows parts; the element shows the text ones. */
export function contentText(content: string | ContentPart[] | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * The thread's messages after a MESSAGES_SNAPSHOT, as AG-UI reconciles them: a message the snapshot has replaces the
 * one with its id where it is, one it does not have is dropped (the snapshot is the complete set), and the ones
 * new to this page go at the end, in the snapshot's order. (AG-UI keeps a consumer's own reasoning and activity
 * messages: the thread holds none.)
 */
export function reconcile(held: readonly Message[], snapshot: readonly Message[]): Message[] {
  const byId = new Map(snapshot.map((message) => [message.id, message]));
  const kept = held.flatMap((message) => {
    const replaced = byId.get(message.id);
    return replaced ? [replaced] : [];
  });
  const known = new Set(held.map((message) => message.id));
  return [...kept, ...snapshot.filter((message) => !known.has(message.id))];
}

/**
 * One AG-UI run's events, turned into the element's own stream events (packages/protocol's), so the conversation
 * follows an AG-UI agent with the code that follows the element's own server. Keeps the thread as it goes: the
 * messages the next run is sent, the state, the tool calls, the interrupts. Events the element has no use for
 * (steps, activities, raw, custom, subagents) turn into nothing.
 */
export class AgUiTranslator {
  /** RUN_FINISHED or RUN_ERROR came: the run is over. */
  ended = false;
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
        const { messageId, role } = event as TextMessageStartEvent;
        this.#lastText = messageId;
        if (role && role !== 'assistant') this.#skipped.add(messageId);
        else this.#assistant(messageId);
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
        const message = this.#assistant(messageId);
        message.content = (message.content ?? '') + chunk.delta;
        return [{ type: 'text_delta', turnId: turnIds.text(messageId), text: chunk.delta }];
      }
      case 'REASONING_MESSAGE_START':
        this.#lastReasoning = (event as ReasoningMessageContentEvent).messageId;
        return [];
      case 'REASONING_MESSAGE_CONTENT':
      case 'REASONING_MESSAGE_CHUNK': {
        const chunk = event as Partial<ReasoningMessageContentEvent>;
        const messageId = chunk.messageId ?? this.#lastReasoning;
        if (!messageId || !chunk.delta) return [];
        this.#lastReasoning = messageId;
        return [{ type: 'thinking_delta', turnId: turnIds.thinking(messageId), text: chunk.delta }];
      }
      case 'TOOL_CALL_START': {
        const { toolCallId, toolCallName, parentMessageId } = event as ToolCallStartEvent;
        return [this.#startCall(toolCallId, toolCallName, parentMessageId)];
      }
      case 'TOOL_CALL_ARGS': {
        const { toolCallId, delta } = event as ToolCallArgsEvent;
        return this.#appendArgs(toolCallId, delta);
      }
      case 'TOOL_CALL_END':
        return this.#callEvent((event as ToolCallArgsEvent).toolCallId);
      case 'TOOL_CALL_CHUNK': {
        // AG-UI's shorthand for START/ARGS/END: the first chunk of a call starts it, and the call ends at the
        // first event that is not one of its chunks (see translate).
        const chunk = event as ToolCallChunkEvent;
        const toolCallId = chunk.toolCallId ?? this.#openChunk;
        if (!toolCallId) return [];
        const started = this.#thread.calls.has(toolCallId) ? [] : [this.#startCall(toolCallId, chunk.toolCallName ?? 'tool', chunk.parentMessageId)];
        this.#openChunk = toolCallId;
        return [...started, ...(chunk.delta ? this.#appendArgs(toolCallId, chunk.delta) : [])];
      }
      case 'TOOL_CALL_RESULT':
        return [this.#result(event as ToolCallResultEvent)];
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

  /** The assistant message a text or a tool call belongs to, added to the thread the first time. */
  #assistant(messageId: string): AssistantMessage {
    const found = this.#thread.messages.find((message) => message.id === messageId && message.role === 'assistant');
    if (found) return found as AssistantMessage;
    const message: AssistantMessage = { id: messageId, role: 'assistant' };
    this.#thread.messages.push(message);
    return message;
  }

  /** The chip shows from the start and its input as it streams (the element's tool_input_delta); TOOL_CALL_END completes it. */
  #startCall(toolCallId: string, name: string, parentMessageId: string | undefined): StreamEvent {
    this.#thread.calls.set(toolCallId, { name, args: '' });
    this.#open.add(toolCallId);
    const message = this.#assistant(parentMessageId ?? `${toolCallId}-message`);
    message.toolCalls = [...(message.toolCalls ?? []), { id: toolCallId, type: 'function', function: { name, arguments: '' } }];
    return { type: 'tool_input_delta', turnId: turnIds.call(toolCallId), toolCallId, name, delta: '' };
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
    return [{ type: 'tool_input_delta', turnId: turnIds.call(toolCallId), toolCallId, name: call.name, delta }];
  }

  #callEvent(toolCallId: string): StreamEvent[] {
    const call = this.#thread.calls.get(toolCallId);
    return call ? [this.#call(toolCallId, call.name, parseJson(call.args))] : [];
  }

  #call(toolCallId: string, name: string, input: unknown): StreamEvent {
    return { type: 'tool_call', turnId: turnIds.call(toolCallId), toolCallId, name, kind: 'read', label: name, input };
  }

  #result({ messageId, toolCallId, content }: ToolCallResultEvent): StreamEvent {
    const text = contentText(content);
    this.#open.delete(toolCallId);
    this.#thread.messages.push({ id: messageId, role: 'tool', toolCallId, content });
    const confirmation = this.#decided.get(toolCallId);
    return {
      type: 'tool_result',
      turnId: turnIds.result(toolCallId),
      toolCallId,
      name: this.#thread.calls.get(toolCallId)?.name ?? 'tool',
      output: parseJson(text),
      isError: false,
      ...(confirmation ? { confirmation } : {}),
    };
  }

  #finished({ outcome }: RunFinishedEvent): StreamEvent[] {
    if (outcome?.type === 'cancelled') {
      this.settleOpenCalls('Not run: stopped');
      return [doneEvent('cancelled')];
    }
    if (outcome?.type === 'interrupt') {
      const calls = outcome.interrupts.map((interrupt) => this.#interruptCall(interrupt));
      return [{ type: 'awaiting_input', calls }, doneEvent('awaiting_input')];
    }
    const pending = outcome?.pendingToolCallIds ?? [];
    this.#thread.clientCalls = pending.map((toolCallId) => {
      const call = this.#thread.calls.get(toolCallId);
      const name = call?.name ?? 'tool';
      return { toolCallId, name, kind: 'client', input: parseJson(call?.args ?? ''), label: name, reason: 'client' };
    });
    const calls = this.#thread.clientCalls;
    if (calls.length === 0) return [doneEvent('end_turn')];
    // Each streamed as a read (nothing says which calls are the page's until now): shown again as the page's, so
    // a view of it offers `respond` and waits for the answer.
    const shown = calls.map(({ toolCallId, name, input, label }): StreamEvent => ({ type: 'tool_call', turnId: turnIds.call(toolCallId), toolCallId, name, kind: 'client', label, input }));
    return [...shown, { type: 'awaiting_input', calls }, doneEvent('awaiting_input')];
  }

  /**
   * A run that was stopped or failed: each call it started without a result gets a tool message saying so, since an
   * OpenAI-style agent refuses a thread with a tool call left unanswered.
   */
  settleOpenCalls(content: string): void {
    for (const toolCallId of this.#open) this.#thread.messages.push({ id: agUiId('tool'), role: 'tool', toolCallId, content });
    this.#open.clear();
  }

  /**
   * An interrupt as the element's confirmation card: a tool approval shows its call (name and arguments); any other
   * interrupt (a confirmation, a request for input) shows its message, with Confirm and Deny as the answers. An
   * agent-chat server's AG-UI endpoint puts its card's details in the interrupt's metadata (`agent-chat`): the
   * preview, the button, and whether the page runs the call (a client tool) are taken from there.
   */
  #interruptCall(interrupt: Interrupt): PendingCall {
    const call = interrupt.toolCallId ? this.#thread.calls.get(interrupt.toolCallId) : undefined;
    const ours = (interrupt.metadata?.['agent-chat'] ?? {}) as Partial<PendingCall>;
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
    };
    this.#thread.interrupts.set(toolCallId, { interrupt, call: pending });
    return pending;
  }
}
