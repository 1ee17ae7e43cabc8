import { html, nothing, type PropertyValues } from 'lit';
import type { Attachment, Item, Turn } from '@agent-chat/protocol';
import type { SendOptions } from './context/conversation-context.js';
import type { TransportName } from './context/element-host.js';
import { triggerGate, type TriggerOptions } from './conversation/trigger-gate.js';
import { AgentChatSettings } from './element/agent-chat-settings.js';
import { ConversationSlot } from './element/conversation-slot.js';
import { launcherView } from './element/launcher.js';
import { listenForItems } from './conversation/item-drop.js';
import { FrameSlot } from './element/frame-slot.js';
import { dockedStyles } from './ui/docked-styles.js';
import { panelStyles } from './ui/frame-styles.js';
import { LocalizedTable } from './i18n/localized-table.js';
import { shellEn, type ShellStrings } from './i18n/shell-strings.js';
import { frameOf, showsConversation, type Frame, type LayoutMode } from './ui/layout/frame-of.js';
import { NarrowScreen } from './ui/layout/narrow-screen.js';
import { frameStorageKey } from './ui/layout/persisted-frame.js';
import { OpenState } from './element/open-state.js';
import { shellStyles } from './element/shell-styles.js';
import { shellTokens } from './ui/shell-tokens.js';

export type { Frame, LayoutMode, TransportName, TriggerOptions };

/** What a message carries besides its text: mentioned items, attachments, the host event it is sent for. */
export type MessageOptions = Pick<SendOptions, 'references' | 'attachments' | 'trigger'>;

/**
 * `<agent-chat endpoint="/api/agent">`: an AI agent's chat for any page, inline, floating, docked or ephemeral
 * (`mode`). The host page lends it context, mentions, client tools and confirmations through `adapter`, and
 * styles it with the custom properties and parts below (docs/theming.md).
 *
 * Inside, it is the shell: it decides which conversation to show (endpoint + session, or a session remembered in
 * localStorage) and how to lay it out. The conversation, its draft and the contexts its parts read (the element host
 * among them: a feature's one way to the element) load when first needed (element/conversation-slot.ts), each frame
 * when first shown (element/frame-slot.ts). Switching `mode` keeps the conversation and the draft. Its attributes and
 * properties, with their defaults, are declared in element/agent-chat-settings.ts.
 *
 * This comment is the source of custom-elements.json (build/manifest.test.ts keeps the two in step); each part is
 * documented on the component that draws it, and those several frames draw, here.
 *
 * @tagname agent-chat
 *
 * @slot header-actions - Buttons (or links) next to the title in the floating, docked, drawer and ephemeral headers; inline mode has no header.
 * @slot empty - Shown instead of the default "Send a message to start." while the conversation is empty (not while it loads).
 * @slot footer - A note under the composer, in every mode, e.g. "AI can make mistakes."
 *
 * @fires {CustomEvent<MessageSentDetail>} agent-chat-message-sent - A message went to the server: `{ sessionId, text, references, attachments, trigger }`.
 * @fires {CustomEvent<RunStartDetail>} agent-chat-run-start - A reply started: `{ sessionId, text, resumed? }` (`resumed` after a confirmation).
 * @fires {CustomEvent<RunFinishDetail>} agent-chat-run-finish - The reply ended, once per turn: `{ sessionId, stopReason }`.
 * @fires {CustomEvent<ToolCallDetail>} agent-chat-tool-call - The agent called a tool: `{ sessionId, toolCallId, name, kind, label, input }`.
 * @fires {CustomEvent<StateChangeDetail>} agent-chat-state-change - The host's server-side state changed (a `state` event, or an undo): `{ sessionId, state }`.
 * @fires {CustomEvent<ErrorDetail>} agent-chat-error - Something failed and is shown in the conversation: `{ sessionId, message, code, status }`; or a feature's code could not load (`feature` names it), and is asked for again when next needed.
 * @fires {CustomEvent<OpenDetail>} agent-chat-open - The panel opened (or expanded, or the output showed): `{ frame }`.
 * @fires {CustomEvent<OpenDetail>} agent-chat-close - The panel closed (or collapsed, or the output hid): `{ frame }`.
 * @fires {CustomEvent<ReferenceDetail>} agent-chat-reference - A reference chip in a reply (`[[F-1]]`) was clicked: `{ id }`.
 * @fires {CustomEvent<ThreadChangeDetail>} agent-chat-thread-change - The user switched conversations in the thread view (`threads`): picked one, started a new one, or deleted the one shown: `{ sessionId }`, the conversation now shown (`session` is set to it).
 * @fires {CustomEvent<FeedbackDetail>} agent-chat-feedback - The user rated a reply with its thumbs up or down (the message actions): `{ sessionId, turnId, rating, comment? }`, also sent to the server's `onFeedback`.
 * @fires {CustomEvent<TriggerDroppedDetail>} agent-chat-trigger-dropped - A `trigger()` will not be sent: `{ name, payload, reason }`, reason `cooldown` (another of its name was accepted within `cooldownMs`), `expired` (a low-priority one waited `maxWaitMs` for the element to be idle) or `failed` (its code could not be loaded).
 *
 * @cssprop [--agent-chat-font=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - All text.
 * @cssprop [--agent-chat-font-size=14px] - The base size; everything else is relative to it.
 * @cssprop [--agent-chat-mono-font=ui-monospace, SFMono-Regular, Menlo, Consolas, monospace] - Tool results, JSON fields, codes, code blocks.
 * @cssprop [--agent-chat-background=light-dark(#fff, #0d1117)] - The panel, composer, chips and buttons.
 * @cssprop [--agent-chat-foreground=light-dark(#1f2328, #e6edf3)] - Text.
 * @cssprop [--agent-chat-muted=light-dark(#59636e, #9198a1)] - Thinking, states, captions, status lines, the footer note.
 * @cssprop [--agent-chat-border=light-dark(#d1d9e0, #3d444d)] - Borders.
 * @cssprop [--agent-chat-surface=light-dark(#f6f8fa, #161b22)] - Headers, tool results, answered cards; the agent's bubbles by default.
 * @cssprop [--agent-chat-accent=light-dark(#1d4ed8, #4493f8)] - Primary buttons, the launcher, spinners, links, the focus ring; the user's bubbles by default.
 * @cssprop [--agent-chat-accent-foreground=light-dark(#fff, #0d1117)] - Text on the accent, in the user's bubbles by default.
 * @cssprop [--agent-chat-user-background=var(--agent-chat-accent)] - The user's bubbles.
 * @cssprop [--agent-chat-user-foreground=var(--agent-chat-accent-foreground)] - Text in the user's bubbles.
 * @cssprop [--agent-chat-assistant-background=var(--agent-chat-surface)] - The agent's bubbles.
 * @cssprop [--agent-chat-assistant-foreground=var(--agent-chat-foreground)] - Text in the agent's bubbles.
 * @cssprop [--agent-chat-card-background=var(--agent-chat-background)] - Confirmation and answer cards.
 * @cssprop [--agent-chat-code-background=rgba(127, 127, 127, .13)] - Code in replies, inline and in blocks.
 * @cssprop [--agent-chat-code-keyword=light-dark(#cf222e, #ff7b72)] - Keywords in highlighted code blocks.
 * @cssprop [--agent-chat-code-string=light-dark(#0a3069, #a5d6ff)] - Strings and regular expressions in highlighted code.
 * @cssprop [--agent-chat-code-number=light-dark(#0550ae, #79c0ff)] - Numbers, literals, attributes and variables in highlighted code.
 * @cssprop [--agent-chat-code-comment=light-dark(#6e7781, #8b949e)] - Comments and meta lines in highlighted code.
 * @cssprop [--agent-chat-code-function=light-dark(#8250df, #d2a8ff)] - Function and section titles in highlighted code.
 * @cssprop [--agent-chat-code-type=light-dark(#953800, #ffa657)] - Types, built-ins, tags and names in highlighted code.
 * @cssprop [--agent-chat-success=light-dark(#1a7f37, #3fb950)] - The check of a finished step, "Applied".
 * @cssprop [--agent-chat-danger=light-dark(#c2222c, #f85149)] - Errors, failed steps, a destructive confirm, the unread badge.
 * @cssprop [--agent-chat-danger-background=light-dark(#ffebe9, #3c1618)] - Error lines.
 * @cssprop [--agent-chat-diff-added-background=light-dark(#dafbe1, #12361f)] - Words an edit adds.
 * @cssprop [--agent-chat-diff-removed-background=light-dark(#ffebe9, #3c1618)] - Words an edit removes.
 * @cssprop [--agent-chat-focus-ring=var(--agent-chat-accent)] - The keyboard focus outline.
 * @cssprop [--agent-chat-radius=12px] - Panel, bubbles, cards.
 * @cssprop [--agent-chat-radius-small=8px] - Chips, buttons, inputs.
 * @cssprop [--agent-chat-gap=10px] - The space between steps.
 * @cssprop [--agent-chat-spacing=12px] - Padding inside cards.
 * @cssprop [--agent-chat-app-max-height=640px] - The most an MCP App view grows to in the conversation, whatever height it asks for (it scrolls inside past it).
 * @cssprop [--agent-chat-app-pip-width=320px] - The width of an MCP App view floating in a corner (picture-in-picture).
 * @cssprop [--agent-chat-app-pip-max-height=50vh] - The most an MCP App view floating in a corner grows to.
 * @cssprop [--agent-chat-subagent-line=var(--agent-chat-border)] - The line down the side of a sub-agent's steps, the guide of its tree.
 * @cssprop [--agent-chat-shadow=0 12px 40px rgb(0 0 0 / 0.18)] - The floating panel, launcher, drawer and ephemeral output.
 * @cssprop [--agent-chat-z-index=1000] - The floating, docked, drawer and ephemeral frames.
 * @cssprop [--agent-chat-height=100%] - Inline mode: the element's height.
 * @cssprop [--agent-chat-min-height=24rem] - Inline mode: the element's minimum height.
 * @cssprop [--agent-chat-output-width=880px] - Ephemeral mode: the output panel's largest width.
 * @cssprop [--agent-chat-output-height=60vh] - Ephemeral mode: the output panel's largest height.
 * @cssprop --agent-chat-docked-width - Set by the element, not read: docked mode writes the room it takes (the panel's width, the strip's when collapsed) on `:root`, for the page's own layout.
 *
 * @csspart panel - The panel: the inline box, the floating or docked panel, the drawer.
 * @csspart header - A frame's header (floating, docked, drawer, ephemeral output).
 * @csspart title - The title in the header (`heading`); the floating panel is dragged by it.
 * @csspart close-button - The header's × (floating, drawer).
 * @csspart badge - The count of replies that came while closed, on the launcher or the docked strip.
 */
export class AgentChat extends AgentChatSettings {
  /** The conversation, its draft and the contexts its parts read: loaded when the element first needs them. */
  readonly #conversation = new ConversationSlot(this);
  /** The frame around it (floating, docked, drawer, ephemeral): loaded when the element first lays itself out in it. */
  readonly #frames = new FrameSlot(this, () => this.#frameKey);
  readonly #triggers = triggerGate(this, {
    state: () => this.#conversation.controller?.state,
    lastTypedAt: () => this.#conversation.draft?.lastTypedAt,
    send: (text, options) => void this.#conversation.use((conversation) => conversation.send(text, options)),
  });
  /** The texts the shell paints itself; the conversation's parts get the full table through its contexts. */
  readonly #texts = new LocalizedTable<ShellStrings>(this, shellEn, () => this.requestUpdate());
  readonly #open = new OpenState(this, () => this.#frameKey);
  readonly #narrow = new NarrowScreen(this);
  /** How many replies had arrived when the panel closed: the rest are unread. */
  #receivedAtClose = 0;

  constructor() {
    super();
    listenForItems(this, {
      dropping: (over) => this.#conversation.draft?.setDropping(over),
      dropped: (items) => {
        for (const item of items) this.#conversation.editDraft((draft) => draft.attach(item));
        if (items.length) this.#open.set(true);
      },
    });
  }

  /** The session in use: the `session` attribute, or the remembered one. */
  get sessionId(): string {
    return this.#conversation.sessionId;
  }

  /** The conversation so far, as the server stores it (empty until the conversation has loaded). */
  get turns(): readonly Turn[] {
    return this.#conversation.controller?.state.turns ?? [];
  }

  /** A reply is streaming. */
  get running(): boolean {
    return this.#conversation.controller?.state.running ?? false;
  }

  /** What is on screen now. */
  get frame(): Frame {
    return frameOf(this.mode, this.narrow);
  }

  /**
   * Send a message as if the user typed it (queued while a reply streams). Resolves when its reply has
   * finished (or failed, or was stopped).
   */
  send(text: string, options: MessageOptions = {}): Promise<void> {
    return this.#conversation.use((conversation) => conversation.send(text, options));
  }

  /** Stop the reply in flight, here and on the server. Resolves when it has stopped. */
  stop(): Promise<void> {
    return this.#conversation.controller?.stop() ?? Promise.resolve();
  }

  /** Forget the conversation, here and on the server. */
  clear(): Promise<void> {
    return this.#conversation.use((conversation) => conversation.clear());
  }

  /** Restore the host's state from before the last turn that changed it. */
  undo(): Promise<void> {
    return this.#conversation.use((conversation) => conversation.undo());
  }

  /** Open the panel (floating, drawer), expand it (docked), or show the output (ephemeral). */
  open(): void {
    this.#open.set(true);
  }

  /** Close the panel (floating, drawer), collapse it (docked), or hide the output (ephemeral). */
  close(): void {
    this.#open.set(false);
  }

  /** Open if closed, close if open. */
  toggle(): void {
    this.#open.set(!this.opened);
  }

  /** Mention an item in the message being written (seed 003's Ctrl/Cmd+click on an item), and show the chat. */
  addReference(item: Item): void {
    this.#conversation.editDraft((draft) => draft.addReference(item));
    this.#open.set(true);
    void this.updateComplete.then(() => this.focus());
  }

  /** Attach an item to the message being written (as dropping it does). */
  attach(item: Attachment): void {
    this.#conversation.editDraft((draft) => draft.attach(item));
  }

  /**
   * Send a message on the page's behalf for something that happened there (seed 004's triggers), with
   * `trigger: name` in the body and the payload in the context. Returns true when it was sent or will be (a `low`
   * one waits until the element is idle), false when it was dropped; every drop fires `agent-chat-trigger-dropped`.
   */
  trigger(name: string, payload?: unknown, options: TriggerOptions = {}): boolean {
    return this.#triggers(name, payload, options);
  }

  /**
   * Tell the element the page's context changed (a stage, a selection): it asks `adapter.quickActions` again, so
   * the chips follow the page without a new adapter. `getContext` is read anew with each message anyway.
   */
  contextChanged(): void {
    this.#conversation.controller?.contextChanged();
  }

  /** Focus the composer's textarea. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('agent-chat-composer')?.focus(options);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#conversation.changed(changed);
    if (changed.has('locale') || changed.has('strings')) this.#texts.update(this.locale, this.strings);
    if (changed.has('breakpoint')) this.#narrow.measure();
    if (['mode', 'narrow', 'storageKey', 'endpoint'].some((key) => changed.has(key as keyof AgentChat))) this.#open.restore();
    if (changed.has('opened') && !this.opened) this.#receivedAtClose = this.#conversation.controller?.state.received ?? 0;
    this.#frames.load();
    // The first paint waits for nothing; a panel opened later loads at once.
    if (showsConversation(this.frame, this.opened)) void this.#conversation.show(!this.hasUpdated);
  }

  /**
   * What `updateComplete` waits for: the render, and the frame's and the conversation's chunks when they are on
   * their way, so a host that awaits it finds the frame, the list and the composer rendered.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    const framing = this.#frames.loading;
    const attaching = this.#conversation.attaching;
    if (!framing && !attaching) return done;
    await framing;
    await attaching?.catch(() => undefined);
    return super.getUpdateComplete();
  }

  get #frameKey(): string {
    return frameStorageKey(this.storageKey, this.endpoint);
  }

  #onLauncherClick = (): void => this.#open.set(!this.opened);

  protected override render() {
    const frame = this.frame;
    if (frame === 'none') return nothing;
    const received = this.#conversation.controller?.state.received ?? 0;
    const unread = this.opened ? 0 : Math.max(0, received - this.#receivedAtClose);
    const t = this.#texts.value;
    const heading = this.heading ?? t.panelTitle;
    // Until the conversation has loaded, the frames paint empty around where it will be.
    const content = this.#conversation.view(this.placeholder, this.lockWhileStreaming, this.threads);
    if (frame === 'inline') return html`<div class="panel" part="panel" role="region" aria-label=${heading}>${content}</div>`;
    // A closed floating widget and a closed drawer are their launcher, drawn here so that it paints before any
    // frame's chunk has loaded, and stays the same element when the frame arrives. After the panel in the DOM, as
    // before: Tab reaches the panel first.
    const launcher =
      frame === 'floating' || (frame === 'drawer' && !this.opened)
        ? launcherView(frame === 'drawer' ? 'drawer' : this.position, this.opened, unread, t, this.#onLauncherClick)
        : nothing;
    // Only frames have a header; inline has none, so it gets no header-actions slot. The ephemeral frame is drawn
    // only after the conversation, so that its context consumer finds the conversation's provider when it connects.
    const panel =
      frame !== 'ephemeral' || this.#conversation.controller
        ? this.#frames.draw({
            content: html`${content}<slot name="header-actions" slot="header-actions"></slot>`,
            heading,
            unread,
            strings: t,
            toggle: this.#open.toggled,
          })
        : nothing;
    return html`${panel}${launcher}`;
  }

  static override styles = [shellTokens, panelStyles, shellStyles, dockedStyles];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
