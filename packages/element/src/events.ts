import type { Attachment, Item, StopReason, ToolKind } from '@agent-chat/protocol';

export interface MessageSentDetail {
  sessionId: string;
  text: string;
  references: Item[];
  attachments: Attachment[];
  /** Set when the host sent the message through `trigger()`. */
  trigger: string | undefined;
}

export interface RunStartDetail {
  sessionId: string;
  /** The user's message; empty when the run goes on after the user answered a pending call. */
  text: string;
  /** Set (true) when the run continues a turn after a confirmation. */
  resumed?: true;
}

export interface RunFinishDetail {
  sessionId: string;
  stopReason: StopReason;
}

export interface ToolCallDetail {
  sessionId: string;
  toolCallId: string;
  name: string;
  kind: ToolKind;
  label: string;
  input: unknown;
}

export interface StateChangeDetail {
  sessionId: string;
  state: unknown;
  /** Sent by this tool call while it runs (the server's `ctx.state`): the state part-way through a long step. */
  toolCallId?: string;
}

export interface ErrorDetail {
  /** The session the failure is about; empty for a feature that could not load, which no session caused. */
  sessionId: string;
  message: string;
  /** The server's code, `network`, `protocol`, or `feature_unavailable` for a feature that could not load. */
  code: string | undefined;
  /** The HTTP status when the server refused a request. */
  status: number | undefined;
  /**
   * Set when a feature's code could not load (its chunk unreachable: offline, a server that does not serve
   * chunks/): its name, e.g. `message-actions`. Nothing of it shows meanwhile, and the element asks for it again
   * the next time it is needed.
   */
  feature?: string;
}

export interface OpenDetail {
  /** The frame that opened or closed: `floating`, `docked`, `drawer` (narrow screens), `ephemeral`. */
  frame: string;
}

/** A reference chip in the agent's text was clicked (`[[F-1]]`, see ui/markdown/references.ts). */
export interface ReferenceDetail {
  /** The item's id, e.g. `F-1`. */
  id: string;
}

/** A host trigger (`el.trigger()`) that will not be sent, so the page can say so instead of promising a reply. */
export interface TriggerDroppedDetail {
  /** The trigger's name and payload, as given to `trigger()`. */
  name: string;
  payload: unknown;
  /**
   * `cooldown`: another of this name was accepted less than `cooldownMs` ago. `expired`: a low-priority one waited
   * `maxWaitMs` for the element to be idle. `failed`: the element's code for triggers could not be loaded.
   */
  reason: 'cooldown' | 'expired' | 'failed';
}

/** The user switched conversations in the thread view (`threads`): picked one, started a new one, or deleted the one shown. */
export interface ThreadChangeDetail {
  /** The conversation now shown; the element's `session` is set to it. */
  sessionId: string;
}

export interface AgentChatEventMap {
  'agent-chat-message-sent': CustomEvent<MessageSentDetail>;
  'agent-chat-run-start': CustomEvent<RunStartDetail>;
  'agent-chat-run-finish': CustomEvent<RunFinishDetail>;
  'agent-chat-tool-call': CustomEvent<ToolCallDetail>;
  'agent-chat-state-change': CustomEvent<StateChangeDetail>;
  'agent-chat-error': CustomEvent<ErrorDetail>;
  'agent-chat-open': CustomEvent<OpenDetail>;
  'agent-chat-close': CustomEvent<OpenDetail>;
  'agent-chat-reference': CustomEvent<ReferenceDetail>;
  'agent-chat-trigger-dropped': CustomEvent<TriggerDroppedDetail>;
  'agent-chat-thread-change': CustomEvent<ThreadChangeDetail>;
  'agent-chat-feedback': CustomEvent<FeedbackDetail>;
}

/** The user rated a reply (thumbs up or down, with an optional comment); also sent to the server's `onFeedback`. */
export interface FeedbackDetail {
  sessionId: string;
  turnId: string;
  rating: 'up' | 'down';
  comment?: string;
}

/** Fire one of the element's public events: bubbling and composed, so a host listens anywhere above it. */
export function emit<K extends keyof AgentChatEventMap>(
  target: EventTarget,
  type: K,
  detail: AgentChatEventMap[K]['detail'],
): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** `emit` on one element, for code that fires the element's events without holding it (ElementHost.emit). */
export function emitter(target: EventTarget) {
  return <K extends keyof AgentChatEventMap>(type: K, detail: AgentChatEventMap[K]['detail']): void => emit(target, type, detail);
}

declare global {
  interface HTMLElementEventMap extends AgentChatEventMap {}
}
