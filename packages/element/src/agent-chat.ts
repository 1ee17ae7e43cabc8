import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { Attachment, Item, Turn } from '@agent-chat/protocol';
import type { AgentChatAdapter } from './adapter/adapter.js';
import type { ConversationController } from './conversation/conversation-controller.js';
import { rememberedSessionId } from './conversation/session-id.js';
import { triggerGate, type TriggerOptions } from './conversation/trigger-gate.js';
import type { DraftController } from './draft/draft-controller.js';
import { carriesItems, ITEM_MIME, parseDroppedItems } from './draft/dropped-items.js';
import { emit } from './events.js';
import { dockedStyles } from './frames/docked-styles.js';
import type { Corner } from './frames/floating-frame.js';
import { panelStyles } from './frames/frame-styles.js';
import { LocalizedTable } from './i18n/localized-table.js';
import { shellEn, type ShellStrings } from './i18n/shell-strings.js';
import type { ElementStrings } from './i18n/strings.js';
import { LAUNCHER_GAP } from './layout/launcher-place.js';
import { frameStorageKey, readFrameMemory, writeFrameMemory } from './layout/persisted-frame.js';
import { load, loaded } from './features/registry.js';
import { afterPaint, nextTask } from './later.js';
import { conversationModule, loadConversation, type ConversationModule } from './load-conversation.js';
import type { ChunkedFrame } from './load-frame.js';
import type { ShellContexts } from './shell-conversation.js';
import type { ToolCatalogProvider } from './steps/tool-catalog.js';
import { shellTokens } from './styles/shell-tokens.js';

/** How the element lays itself out on the page. */
export type LayoutMode = 'inline' | 'floating' | 'docked' | 'ephemeral' | 'hidden';

/** What is on screen: the mode, except that floating and docked become a drawer on narrow screens. */
export type Frame = 'inline' | 'floating' | 'docked' | 'drawer' | 'ephemeral' | 'none';

export interface MessageOptions {
  references?: readonly Item[];
  attachments?: readonly Attachment[];
  /** The host event this message is sent for. */
  trigger?: string;
}

export type { TriggerOptions };

const DEFAULT_BREAKPOINT = 640;
/**
 * Seed 002's 5 s: the ephemeral frame's DEFAULT_HIDE_AFTER_MS, written out here so the shell does not import the
 * frame's state machine into the first load (modes.test.ts holds the two equal).
 */
const DEFAULT_HIDE_AFTER_MS = 5000;

/** How to draw the frame, once its chunk is in. */
const frameView = (frame: ChunkedFrame) => loaded(`${frame}-frame`)?.view;

/**
 * `<agent-chat endpoint="/api/agent">`: an AI agent's chat for any page, inline, floating, docked or ephemeral
 * (`mode`). The host page lends it context, mentions, client tools and confirmations through `adapter`, and
 * styles it with the custom properties and parts below (docs/theming.md).
 *
 * Inside, it is the shell: it decides which conversation to show (endpoint + session, or a session remembered
 * in localStorage) and how to lay it out; the conversation lives in the controller, the draft in the draft
 * controller, and the parts read both, and the host's adapter, through `@lit/context`. Switching `mode` keeps
 * all three.
 *
 * This comment is the source of custom-elements.json (build/manifest.test.ts keeps the two in step).
 *
 * @tagname agent-chat
 *
 * @attr {'agent-chat' | 'ag-ui'} transport - What the element speaks to `endpoint`: `agent-chat` (the default, an `@agent-chat/server` mount) or `ag-ui` (any AG-UI agent's run endpoint; docs/interop.md). Read when the conversation is set up; its code is a chunk loaded only for `ag-ui`. An attribute only, not a property: it costs the first load nothing.
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
 * @csspart collapse-button - Docked: the header's button that collapses the panel to the strip.
 * @csspart strip - Docked: the collapsed panel, a narrow bar at the page's edge.
 * @csspart expand-button - Docked: the strip's button that expands the panel.
 * @csspart badge - The count of replies that came while closed, on the launcher or the docked strip.
 * @csspart launcher - Floating and narrow screens: the round button that opens and closes the panel.
 * @csspart resize-handle - Floating: each of the panel's eight edges and corners that resize it (`data-edge` is n, ne, e, …).
 * @csspart resize-edge - Docked: the panel's inner edge, dragged (or moved with the arrow keys) to resize it.
 * @csspart overlay - Narrow screens: the dimmed page behind the drawer; a click closes it.
 * @csspart output - Ephemeral: the output panel over the page.
 * @csspart input-bar - Ephemeral: the bar at the bottom that holds the composer.
 * @csspart show-output - Ephemeral: the "Show output" button, while the output is hidden.
 * @csspart clear-button - Ephemeral: the header's "Clear" button.
 * @csspart dismiss-button - Ephemeral: the header's × that hides the output.
 * @csspart messages - The message list.
 * @csspart empty - The empty conversation's line (it holds the `empty` slot), and the loading line.
 * @csspart typing - The typing dots while the agent works.
 * @csspart queued - A message waiting to be sent behind the reply in flight.
 * @csspart jump-button - "Jump to latest", shown when the reader has scrolled up.
 * @csspart turn - The group of everything the agent did in answer to one message.
 * @csspart bubble - A message; with `user` or `assistant`.
 * @csspart user - The user's message bubble.
 * @csspart assistant - The agent's message bubble.
 * @csspart thinking - A thinking block.
 * @csspart thinking-summary - A thinking block's toggle.
 * @csspart tool-chip - A tool call's chip.
 * @csspart tool-output - A tool call's result, when expanded.
 * @csspart status - A status line ("Stopped by user", a tool's note).
 * @csspart error - An error line.
 * @csspart retry-button - The Retry button on the conversation's last error line: sends the last message again.
 * @csspart card - A confirmation card.
 * @csspart card-status - A confirmation card's state badge.
 * @csspart card-error - A confirmation card's error message.
 * @csspart card-confirm - A confirmation card's Confirm button (and the edit form's).
 * @csspart card-edit - A confirmation card's Edit button.
 * @csspart card-cancel - A confirmation card's Cancel button.
 * @csspart card-discard - The edit form's Discard button.
 * @csspart diff - An edit's word diff.
 * @csspart diff-added - Words an edit adds.
 * @csspart diff-removed - Words an edit removes.
 * @csspart form - A confirmation card's edit form.
 * @csspart form-field - Each field of the edit form.
 * @csspart form-error - A field's message.
 * @csspart answer-card - The final answer card.
 * @csspart answer-summary - The answer card's summary.
 * @csspart answer-links - The answer card's list of links.
 * @csspart answer-link - Each link of the answer card.
 * @csspart answer-suggestions - The answer card's suggested follow-ups.
 * @csspart answer-suggestion - Each suggested follow-up.
 * @csspart undo-bar - Undo under a turn that changed things.
 * @csspart undo-button - The Undo button.
 * @csspart undo-error - Why an undo failed.
 * @csspart composer - The composer: where the user writes.
 * @csspart input - The composer's textarea.
 * @csspart send-button - The composer's Send button.
 * @csspart stop-button - The composer's Stop button, while a reply streams.
 * @csspart drop-hint - "Drop to attach", while items are dragged over the chat.
 * @csspart suggestions - The autocomplete list (`/` commands, `@` mentions).
 * @csspart suggestion - Each option of the autocomplete list.
 * @csspart threads-button - With `threads`: the header's button that shows and hides the conversations.
 * @csspart threads - With `threads`: the sheet of conversations over the panel.
 * @csspart new-thread-button - The sheet's "New conversation" button.
 * @csspart close-threads-button - The sheet's × that hides it.
 * @csspart more-threads-button - "Show older conversations", when the server has more.
 * @csspart thread - Each conversation in the sheet; the one shown is also `current-thread`.
 * @csspart current-thread - The conversation shown, in the sheet.
 * @csspart thread-rename-button - A conversation's Rename button.
 * @csspart thread-delete-button - A conversation's Delete button.
 * @csspart thread-delete-confirm - The Delete button of the question asked before a delete.
 * @csspart thread-title-input - The title field while a conversation is renamed.
 * @csspart thread-save-button - Its Save button.
 */
export class AgentChat extends LitElement {
  // `{}` is a string attribute: Lit's default type, so the parts leave `type: String` out (bytes of the budget).
  static override properties = {
    endpoint: {},
    session: {},
    placeholder: {},
    heading: {},
    locale: {},
    strings: { attribute: false },
    theme: { reflect: true },
    mode: { reflect: true },
    position: { reflect: true },
    side: { reflect: true },
    storageKey: { attribute: 'storage-key' },
    padBody: { type: Boolean, attribute: 'pad-body' },
    hideAfter: { type: Number, attribute: 'hide-after' },
    breakpoint: { type: Number },
    lockWhileStreaming: { type: Boolean, attribute: 'lock-while-streaming' },
    threads: { type: Boolean },
    opened: { type: Boolean, reflect: true, attribute: 'open' },
    adapter: { attribute: false },
    narrow: { state: true },
  };

  /** Where the host mounted the agent server, e.g. `/api/agent`. */
  declare endpoint: string;
  /** The conversation to show. Without it, one is created and kept in localStorage for this endpoint. */
  declare session: string | undefined;
  /** The composer's placeholder text. */
  declare placeholder: string | undefined;
  /** The panel's title; by default the strings table's `panelTitle`. */
  declare heading: string | undefined;
  /** The language of the element's own texts (`en`, `fr`); unknown ones get English. */
  declare locale: string | undefined;
  /** Some of the element's texts replaced, by key (see i18n/strings.ts, and the tables beside it: the cards', the thread view's…). */
  declare strings: Partial<ElementStrings> | undefined;
  /** `light`, `dark`, or unset to follow the system. */
  declare theme: 'light' | 'dark' | undefined;
  /** The layout: `inline` (default), `floating`, `docked`, `ephemeral` or `hidden`; switchable at any time. */
  declare mode: LayoutMode;
  /** Floating: the launcher's corner. */
  declare position: Corner;
  /** Docked: which side of the page. */
  declare side: 'left' | 'right';
  /** Where position, size and open state are remembered; by default derived from the endpoint. */
  declare storageKey: string | undefined;
  /** Docked: also pad document.body so the page's content is not under the panel. */
  declare padBody: boolean;
  /** Ephemeral: ms without activity before the output panel hides. */
  declare hideAfter: number;
  /** Below this viewport width (px) floating and docked become a full-screen drawer. */
  declare breakpoint: number;
  /** Seed 003's behaviour: no typing while a reply streams (by default what is sent then is queued). */
  declare lockWhileStreaming: boolean;
  /**
   * The thread view: a button in the header (atop the panel inline) that shows the user's conversations (the
   * server's `GET /sessions`), to switch between, rename, delete, or start a new one. Switching sets `session`.
   * Its code loads only on pages that set it.
   */
  declare threads: boolean;
  /**
   * The panel is open (floating, drawer), expanded (docked) or showing its output (ephemeral). The `open`
   * attribute; the property has another name because `open()` is the method.
   */
  declare opened: boolean;
  /** What the host page lends the chat: context, mentions, client tools, confirm, headers… */
  declare adapter: AgentChatAdapter | undefined;
  /** @internal The viewport is narrower than `breakpoint`: floating and docked show as a drawer. */
  declare narrow: boolean;

  /**
   * The conversation, once its chunk has loaded and the element needs it (it shows a conversation, or the host
   * started a run): until then a closed launcher has made no request and loaded no more than the shell.
   */
  #controller: ConversationController | undefined;
  /** What the shell provides to the conversation's parts; made with the conversation. */
  #contexts: ShellContexts | undefined;
  #view: ConversationModule['conversationView'] | undefined;
  #catalog: ToolCatalogProvider | undefined;
  /** The current frame's chunk, while it loads. */
  #framing: Promise<void> | undefined;
  /** Set when the conversation is first needed; resolves when it is in place. */
  #attaching: Promise<ConversationController> | undefined;
  /** The draft, made with the conversation (the composer shows it). What a host or a drop adds before that waits here. */
  #draft: DraftController | undefined;
  #earlyDraft: ((draft: DraftController) => void)[] = [];
  readonly #triggers = triggerGate(this, {
    state: () => this.#controller?.state,
    lastTypedAt: () => this.#draft?.lastTypedAt,
    send: (text, options) => void this.#withConversation((conversation) => conversation.send(text, options)),
  });
  /** The texts the shell paints itself; the conversation's parts get the full table through #contexts. */
  readonly #texts = new LocalizedTable<ShellStrings>(this, shellEn, () => this.requestUpdate());
  /** How many replies had arrived when the panel closed: the rest are unread. */
  #receivedAtClose = 0;
  #openByDefault = false;
  #dragDepth = 0;

  constructor() {
    super();
    this.endpoint = '';
    this.mode = 'inline';
    this.position = 'bottom-right';
    this.side = 'right';
    this.padBody = false;
    this.hideAfter = DEFAULT_HIDE_AFTER_MS;
    this.breakpoint = DEFAULT_BREAKPOINT;
    this.lockWhileStreaming = false;
    this.opened = false;
    this.narrow = false;
    this.addEventListener('dragenter', this.#onDragEnter);
    this.addEventListener('dragover', this.#onDragOver);
    this.addEventListener('dragleave', this.#onDragLeave);
    this.addEventListener('drop', this.#onDrop);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#openByDefault = this.hasAttribute('open');
    window.addEventListener('resize', this.#onWindowResize);
    this.#onWindowResize();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.#onWindowResize);
    loaded('docked-stand-in')?.holdSpace(this, '', undefined);
  }

  /** The session in use: the `session` attribute, or the remembered one. */
  get sessionId(): string {
    this.#configure();
    return this.#controller?.state.sessionId ?? this.#session();
  }

  /** The conversation so far, as the server stores it (empty until the conversation has loaded). */
  get turns(): readonly Turn[] {
    return this.#controller?.state.turns ?? [];
  }

  /** A reply is streaming. */
  get running(): boolean {
    return this.#controller?.state.running ?? false;
  }

  /** What is on screen now. */
  get frame(): Frame {
    switch (this.mode) {
      case 'hidden':
        return 'none';
      case 'floating':
      case 'docked':
        return this.narrow ? 'drawer' : this.mode;
      case 'ephemeral':
        return 'ephemeral';
      default:
        return 'inline';
    }
  }

  /**
   * Send a message as if the user typed it (queued while a reply streams). Resolves when its reply has
   * finished (or failed, or was stopped).
   */
  send(text: string, options: MessageOptions = {}): Promise<void> {
    return this.#withConversation((conversation) => conversation.send(text, options));
  }

  /** Stop the reply in flight, here and on the server. Resolves when it has stopped. */
  stop(): Promise<void> {
    return this.#controller?.stop() ?? Promise.resolve();
  }

  /** Forget the conversation, here and on the server. */
  clear(): Promise<void> {
    return this.#withConversation((conversation) => conversation.clear());
  }

  /** Restore the host's state from before the last turn that changed it. */
  undo(): Promise<void> {
    return this.#withConversation((conversation) => conversation.undo());
  }

  /** Open the panel (floating, drawer), expand it (docked), or show the output (ephemeral). */
  open(): void {
    this.#setOpen(true);
  }

  /** Close the panel (floating, drawer), collapse it (docked), or hide the output (ephemeral). */
  close(): void {
    this.#setOpen(false);
  }

  /** Open if closed, close if open. */
  toggle(): void {
    this.#setOpen(!this.opened);
  }

  /** Mention an item in the message being written (seed 003's Ctrl/Cmd+click on an item), and show the chat. */
  addReference(item: Item): void {
    this.#editDraft((draft) => draft.addReference(item));
    this.#setOpen(true);
    void this.updateComplete.then(() => this.focus());
  }

  /** Attach an item to the message being written (as dropping it does). */
  attach(item: Attachment): void {
    this.#editDraft((draft) => draft.attach(item));
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
    this.#controller?.contextChanged();
  }

  /** Focus the composer's textarea. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('agent-chat-composer')?.focus(options);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The adapter first: configuring asks for the history at once, and that request must carry the adapter's headers
    // when a page sets both together (auth headers and the endpoint).
    if (changed.has('adapter')) {
      if (this.#controller) this.#controller.adapter = this.adapter ?? {};
      if (this.#contexts) this.#contexts.adapter = this.adapter ?? {};
    }
    if (changed.has('endpoint') || changed.has('session')) this.#configure();
    // After the adapter, so the request carries its headers; a new adapter retries a catalog that failed.
    if (changed.has('endpoint') || changed.has('adapter')) this.#loadCatalog();
    if (changed.has('locale') || changed.has('strings')) {
      this.#texts.update(this.locale, this.strings);
      this.#contexts?.strings.update(this.locale, this.strings);
    }
    if (changed.has('breakpoint')) this.#onWindowResize();
    if (['mode', 'narrow', 'storageKey', 'endpoint'].some((key) => changed.has(key as keyof AgentChat))) this.#restoreOpen();
    if (changed.has('opened') && !this.opened) this.#receivedAtClose = this.#controller?.state.received ?? 0;
    this.#loadFrame();
    // The first paint waits for nothing; a panel opened later loads at once.
    if (this.#showsConversation()) void this.#conversation(!this.hasUpdated);
  }

  /**
   * What `updateComplete` waits for: the render, and the frame's and the conversation's chunks when they are on
   * their way, so a host that awaits it finds the frame, the list and the composer rendered.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    if (!this.#framing && !this.#attaching) return done;
    await this.#framing;
    await this.#attaching?.catch(() => undefined);
    return super.getUpdateComplete();
  }

  protected override updated(): void {
    // A docked page's room beside the panel: held by the stand-in until the frame is drawn, by the frame after.
    const frame = this.frame;
    loaded('docked-stand-in')?.holdSpace(this, this.#frameKey, frame !== 'docked' ? undefined : frameView(frame) ? 'frame' : 'stand-in');
  }

  /**
   * The current frame's chunk, if it is not in yet. Before the first paint a page loads only what that paint shows:
   * a floating or narrow page its launcher (it is in the first load), a docked one the frame's stand-in (its own
   * small chunk: the panel at its width, or the strip); their frame comes after. A panel open at once, or a layout
   * taken later, loads its frame at once. The ephemeral frame shows the conversation, so it is drawn with it. A
   * load is shared (features/registry.ts): asking again while it is on its way costs nothing.
   */
  #loadFrame(): void {
    const frame = this.frame;
    if (frame === 'inline' || frame === 'none' || frameView(frame)) return;
    let loading: Promise<unknown>;
    const loadFrame = () => load(`${frame}-frame`, this);
    if (this.hasUpdated || (this.opened && frame !== 'docked')) loading = loadFrame();
    else {
      // The first paint waits for nothing but the docked stand-in; the frame is asked for once the stand-in is in
      // (and drawn, in the update that asks), or after that paint when the launcher stands in for it.
      const first = frame === 'docked' ? load('docked-stand-in', this).then(() => this.requestUpdate()) : afterPaint();
      loading = first.then(loadFrame);
    }
    const framing: Promise<void> = loading.then(
      () => {
        if (this.#framing === framing) this.#framing = undefined;
        this.requestUpdate();
      },
      () => {
        // The registry has said so; the next update asks again.
        if (this.#framing === framing) this.#framing = undefined;
      },
    );
    this.#framing = framing;
  }

  /** The conversation is visible: inline, docked and expanded, or an open panel. Ephemeral shows its input bar always. */
  #showsConversation(): boolean {
    const frame = this.frame;
    return frame === 'inline' || frame === 'ephemeral' || (frame !== 'none' && this.opened);
  }

  /**
   * The conversation, loading its chunk the first time. `idle`: the element only shows it, nobody is waiting,
   * so the chunk is fetched after the shell has painted rather than competing with it.
   */
  #conversation(idle = false): Promise<ConversationController> {
    this.#attaching ??= (conversationModule() || !idle ? Promise.resolve() : afterPaint())
      .then(() => conversationModule() ?? loadConversation(this))
      .then(
        (module) => this.#attach(module),
        (error: unknown) => {
          // The chunk did not load (offline, a server that does not serve chunks/): the registry has said so, and
          // the next need tries again.
          this.#attaching = undefined;
          throw error;
        },
      );
    return this.#attaching;
  }

  /** At once when the conversation is in place (as before the split: a send shows before the next frame), else after it loads. */
  #withConversation(use: (conversation: ConversationController) => Promise<void>): Promise<void> {
    this.#configure();
    return this.#controller ? use(this.#controller) : this.#conversation().then(use);
  }

  #attach(module: ConversationModule): ConversationController | Promise<ConversationController> {
    if (this.#controller) return this.#controller;
    const draft = new module.DraftController();
    for (const change of this.#earlyDraft.splice(0)) change(draft);
    this.#draft = draft;
    // The contexts first: the conversation's parts find them when they connect, in the render this asks for.
    const contexts = new module.ShellContexts(this, draft, this.adapter ?? {});
    contexts.strings.update(this.locale, this.strings);
    this.#contexts = contexts;
    const conversation = new module.ConversationController(this, () => contexts.strings.value);
    conversation.adapter = this.adapter ?? {};
    this.#controller = conversation;
    this.#catalog = new module.ToolCatalogProvider(this);
    this.#configure();
    this.#loadCatalog();
    // The parts are drawn in the next task: a request starts only once the task that made it ends, and the parts'
    // first render is a long one, so the history's request (made by #configure, unless the conversation's first load
    // asked for it early: load-conversation.ts) went out behind it, and the server sat idle meanwhile (measured,
    // 1,000 messages: the request 28 ms later, the history painted as much later).
    return nextTask(conversation).then(() => {
      this.#view = module.conversationView;
      this.requestUpdate();
      return conversation;
    });
  }

  #editDraft(change: (draft: DraftController) => void): void {
    if (this.#draft) change(this.#draft);
    else this.#earlyDraft.push(change);
  }

  #loadCatalog(): void {
    const conversation = this.#controller;
    if (conversation) this.#catalog?.load(this.endpoint ?? '', () => conversation.tools());
  }

  /** The session to talk about: the `session` attribute, or the one remembered for the endpoint. */
  #session(): string {
    const endpoint = this.endpoint ?? '';
    return this.session || (endpoint ? rememberedSessionId(endpoint) : '');
  }

  /** Sync, so send() right after creating the element (before its first render) talks to the right session. */
  #configure(): void {
    this.#controller?.configure(this.endpoint ?? '', this.#session());
  }

  get #frameKey(): string {
    return frameStorageKey(this.storageKey, this.endpoint);
  }

  /**
   * Each frame opens as it was left: remembered for floating and docked, closed for a drawer and ephemeral, always
   * open inline. Only the first two read the memory: a page's first read of localStorage costs a few ms (measured:
   * 5.5 ms of an inline element's first paint), and the others would only throw it away.
   */
  #restoreOpen(): void {
    const frame = this.frame;
    // A phone's screen is all drawer: it opens when asked to, not because a desktop left it open.
    this.opened =
      frame === 'floating' || frame === 'docked'
        ? (readFrameMemory(this.#frameKey)[frame]?.open ?? (frame === 'docked' || this.#openByDefault))
        : frame !== 'drawer' && frame !== 'ephemeral';
  }

  /** Open or close by the user's hand or the API: remembered, announced, and the composer focused. */
  #setOpen(open: boolean): void {
    const frame = this.frame;
    if (open === this.opened || frame === 'inline' || frame === 'none') return;
    this.opened = open;
    if (frame === 'floating' || frame === 'docked') writeFrameMemory(this.#frameKey, frame, { open });
    emit(this, open ? 'agent-chat-open' : 'agent-chat-close', { frame });
    if (open && frame !== 'ephemeral') void this.updateComplete.then(() => this.focus());
  }

  #onFrameToggle = (event: CustomEvent<boolean>): void => {
    event.stopPropagation();
    this.#setOpen(event.detail);
  };

  #onLauncherClick = (): void => this.#setOpen(!this.opened);

  #onWindowResize = (): void => {
    this.narrow = window.innerWidth < (this.breakpoint || DEFAULT_BREAKPOINT);
  };

  #onDragEnter = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    this.#dragDepth += 1;
    this.#draft?.setDropping(true);
  };

  #onDragOver = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    // Accepting the drop: without this the browser refuses it.
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
  };

  #onDragLeave = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    this.#dragDepth = Math.max(0, this.#dragDepth - 1);
    if (this.#dragDepth === 0) this.#draft?.setDropping(false);
  };

  #onDrop = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    event.preventDefault();
    this.#dragDepth = 0;
    this.#draft?.setDropping(false);
    const items = parseDroppedItems(event.dataTransfer!.getData(ITEM_MIME));
    for (const item of items) this.#editDraft((draft) => draft.attach(item));
    if (items.length) this.#setOpen(true);
  };

  protected override render() {
    const frame = this.frame;
    if (frame === 'none') return nothing;
    const received = this.#controller?.state.received ?? 0;
    const unread = this.opened ? 0 : Math.max(0, received - this.#receivedAtClose);
    const t = this.#texts.value;
    const heading = this.heading ?? t.panelTitle;
    // Until the conversation has loaded, the frames paint empty around where it will be.
    const content =
      this.#view && this.#contexts ? this.#view(this, this.#contexts.strings.value, this.placeholder, this.lockWhileStreaming, this.threads) : nothing;
    if (frame === 'inline') return html`<div class="panel" part="panel" role="region" aria-label=${heading}>${content}</div>`;
    // A closed floating widget and a closed drawer are their launcher, drawn here so that it paints before any
    // frame's chunk has loaded, and stays the same element when the frame arrives. After the panel in the DOM, as
    // before: Tab reaches the panel first.
    const launcher =
      frame === 'floating' || (frame === 'drawer' && !this.opened)
        ? html`<agent-chat-launcher
            class=${frame === 'drawer' ? 'drawer' : this.position}
            exportparts="launcher, badge"
            .open=${this.opened}
            .unread=${unread}
            .strings=${t}
            @click=${this.#onLauncherClick}
          ></agent-chat-launcher>`
        : nothing;
    // A frame is drawn only once its chunk is in: before that, what it slots would show unstyled in the page; a
    // docked page shows the frame's stand-in meanwhile. Only frames have a header; inline has none, so it gets no
    // header-actions slot.
    const framed = html`${content}<slot name="header-actions" slot="header-actions"></slot>`;
    const view = frameView(frame);
    let panel: unknown = nothing;
    if (!view) {
      if (frame === 'docked') panel = loaded('docked-stand-in')?.renderStandIn(this, this.#frameKey, heading) ?? nothing;
    } else if (frame !== 'ephemeral' || this.#controller) {
      // The ephemeral frame is drawn only after the conversation, so that its context consumer finds the
      // conversation's provider when it connects.
      panel = view(this, framed, heading, unread, t, this.#frameKey, this.#onFrameToggle);
    }
    return html`${panel}${launcher}`;
  }

  static override styles = [
    shellTokens,
    panelStyles,
    css`
      :host {
        display: contents;
      }
      :host([mode='inline']),
      :host(:not([mode])) {
        display: block;
        height: var(--agent-chat-height, 100%);
        min-height: var(--agent-chat-min-height, 24rem);
        box-sizing: border-box;
      }
      :host([hidden]),
      :host([mode='hidden']) {
        display: none;
      }
      .panel {
        height: 100%;
        border-radius: var(--_radius);
      }
      agent-chat-message-list {
        flex: 1;
        min-height: 0;
      }
      agent-chat-launcher {
        position: fixed;
        z-index: var(--_z);
      }
      .bottom-right,
      .bottom-left {
        bottom: ${LAUNCHER_GAP}px;
      }
      .top-right,
      .top-left {
        top: ${LAUNCHER_GAP}px;
      }
      .bottom-right,
      .top-right {
        right: ${LAUNCHER_GAP}px;
      }
      .bottom-left,
      .top-left {
        left: ${LAUNCHER_GAP}px;
      }
      .drawer {
        right: 16px;
        bottom: 16px;
      }
    `,
    dockedStyles,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
