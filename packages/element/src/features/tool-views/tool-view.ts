import type { ReactiveControllerHost } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { PendingCall, ToolCallTurn, ToolResultTurn } from '@agent-chat/protocol';
import type { AgentChatAdapter, ToolViewCall, ToolViewContent } from '../../context/adapter.js';
import { respondToCall } from '../../conversation/client-calls.js';
import { conversationContext, type ConversationSnapshot } from '../../context/conversation-context.js';
import type { ToolStepState } from '../../core/turns/display-items.js';
import { parsePartialJson } from '../../core/partial-json.js';

/** The element a view lives in: the tool chip it replaces. */
export type ToolViewHost = ReactiveControllerHost & HTMLElement;

/** A tool_call turn while its input streams: its JSON text so far (apply-event's `tool_input_delta`). */
type StreamingCall = ToolCallTurn & { text?: string };

/** A custom element drawn by its tag name: it takes the call as a property. */
type TaggedView = HTMLElement & { call?: ToolViewCall };

/**
 * One tool call drawn by the host's own view (`adapter.toolViews`, `adapter.renderTool`) in place of its chip.
 * What the first render returns decides how it is kept up to date: a TemplateResult is asked for again at every
 * change, a tag name's element is created once and given each new call as `.call`, and a Node is placed once while
 * the host hears each change through `onUpdate`.
 */
export class ToolView {
  readonly #host: ToolViewHost;
  /** Only for a client tool until it has its result: whether the conversation waits for its answer. */
  #conversation: ContextConsumer<typeof conversationContext, ToolViewHost> | undefined;
  /** The tag name's element, or the host's Node, once the first render gave one. */
  #placed: TaggedView | Node | undefined;
  #tagged = false;
  readonly #listeners = new Set<(call: ToolViewCall) => void>();
  /** The user answered in this view; `#sent` once that answer went to the conversation as the call's decision. */
  #responded = false;
  #sent = false;
  /** The call has its result: nothing answers it any more. */
  #settled = false;
  #lastCall: ToolViewCall | undefined;

  constructor(host: ToolViewHost) {
    this.#host = host;
  }

  /**
   * The view of this call now, or undefined when the host has none for it (the default chip is drawn instead).
   * Called at each render of the chip: each is a change (its call, result or state moved).
   */
  render(adapter: AgentChatAdapter, turn: ToolCallTurn, result: ToolResultTurn | undefined, state: ToolStepState): unknown {
    const call = this.#call(turn, result, state);
    if (this.#placed) {
      if (this.#tagged) (this.#placed as TaggedView).call = call;
      else for (const listener of this.#listeners) this.#safely(() => listener(call));
      return this.#placed;
    }
    const view = adapter.toolViews?.[turn.name] ?? adapter.renderTool?.bind(adapter);
    const content: ToolViewContent = typeof view === 'string' ? view : this.#safely(() => view?.(call));
    if (content === undefined || content === null) return undefined;
    if (typeof content === 'string') {
      // A name that is no valid tag (a typo) keeps the chip, and the page hears why.
      const element = this.#safely(() => document.createElement(content) as TaggedView);
      if (!element) return undefined;
      element.call = call;
      this.#tagged = true;
      return (this.#placed = element);
    }
    if (content instanceof Node) return (this.#placed = content);
    // A TemplateResult (from this page's copy of Lit or the element's: both render), asked for again next time.
    return content;
  }

  #call(turn: StreamingCall, result: ToolResultTurn | undefined, state: ToolStepState): ToolViewCall {
    const partial = typeof turn.text === 'string';
    // The view is told `waiting` for as long as the conversation waits for this call's answer (the chip says so only
    // once the run has ended). Only client tools' views follow the conversation (each of its changes draws them
    // again), and only until their result.
    const conversation =
      turn.kind === 'client' && !result
        ? (this.#conversation ??= new ContextConsumer(this.#host, { context: conversationContext, subscribe: true })).value
        : undefined;
    const pending = conversation?.pending.find((call) => call.toolCallId === turn.toolCallId);
    // The answer goes once the run has ended: a run still going may send it itself (it answers its client calls).
    if (this.#responded && !this.#sent && pending && !conversation!.running) this.#send(conversation!, pending);
    const call: ToolViewCall = {
      toolCallId: turn.toolCallId,
      name: turn.name,
      kind: turn.kind,
      label: turn.label,
      input: partial ? parsePartialJson(turn.text!) : turn.input,
      partial,
      result: result?.output,
      // Answered here, the call runs until its result comes back.
      status: partial && state === 'running' ? 'streaming' : this.#responded && !result ? 'running' : pending ? 'waiting' : state,
      onUpdate: (listener) => void this.#listeners.add(listener),
    };
    // Until its result: an answer after it would wait for a call that is over (kept for it, and never taken).
    if (result) this.#settled = true;
    else if (turn.kind === 'client') call.respond = (value) => this.#respond(turn.toolCallId, value);
    return (this.#lastCall = call);
  }

  /** The user's answer, kept for the call; the next render sends it (see #call). */
  #respond(toolCallId: string, value: unknown): void {
    // A view may keep an earlier call's `respond` and use it late.
    if (this.#responded || this.#settled) return;
    this.#responded = true;
    respondToCall(toolCallId, value);
    this.#host.requestUpdate();
  }

  /** The call's decision, after this render: the conversation runs the turn on with the answer as the tool's result. */
  #send(conversation: ConversationSnapshot, pending: PendingCall): void {
    this.#sent = true;
    queueMicrotask(() =>
      conversation.decide(pending, { action: 'approve' }).catch((error: unknown) => {
        // Refused or unreachable: the view offers the choice again.
        this.#responded = this.#sent = false;
        this.#host.requestUpdate();
        console.error('[agent-chat] the answer to a client tool could not be sent:', error);
      }),
    );
  }

  /** A host's renderer or listener that throws must not break the conversation: the chip stays, the page hears why. */
  #safely<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      console.error(`[agent-chat] the view of the tool "${this.#lastCall?.name ?? ''}" failed:`, error);
      return undefined;
    }
  }
}
