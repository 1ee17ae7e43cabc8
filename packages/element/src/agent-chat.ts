import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { ContextProvider } from '@lit/context';
import type { Attachment, Context, Item, Turn } from '@agent-chat/protocol';
import type { AgentChatAdapter } from './adapter/adapter.js';
import { adapterContext } from './adapter/adapter-context.js';
import { ConversationController } from './conversation/conversation-controller.js';
import { rememberedSessionId } from './conversation/session-id.js';
import { TriggerGate, type TriggerPriority } from './conversation/trigger-gate.js';
import { DraftController } from './draft/draft-controller.js';
import { carriesItems, ITEM_MIME, parseDroppedItems } from './draft/dropped-items.js';
import { emit } from './events.js';
import type { Corner } from './frames/floating-frame.js';
import { FRAME_PARTS } from './frames/frame-styles.js';
import { StringsProvider } from './i18n/strings-context.js';
import type { AgentChatStrings } from './i18n/strings.js';
import { DEFAULT_HIDE_AFTER_MS } from './layout/ephemeral-state.js';
import { frameStorageKey, readFrameMemory, writeFrameMemory } from './layout/persisted-frame.js';
import { ToolCatalogProvider } from './steps/tool-catalog.js';
import { COMPOSER_PARTS, LIST_PARTS } from './styles/parts.js';
import { tokens } from './styles/tokens.js';

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

export interface TriggerOptions {
  /** `low` is dropped while a reply streams or the user typed in the last seconds; `high` goes before queued messages. */
  priority?: TriggerPriority;
  /** Another trigger of this name within this many ms is dropped. Default 0. */
  cooldownMs?: number;
  /** The message the agent reads; by default the name and the payload as JSON. */
  text?: string;
}

const DEFAULT_BREAKPOINT = 640;

/**
 * `<agent-chat endpoint="/api/agent">`: the shell. It decides which conversation to show (endpoint + session,
 * or a session remembered in localStorage) and how to lay it out (`mode`); the conversation lives in the
 * controller, the draft in the draft controller, and the parts read both, and the host's adapter, through
 * @lit/context. Switching `mode` keeps all three.
 *
 * @fires agent-chat-message-sent - a message went to the server; detail `{ sessionId, text, references, attachments, trigger }`
 * @fires agent-chat-run-start - a reply started; detail `{ sessionId, text }`
 * @fires agent-chat-run-finish - the reply ended; detail `{ sessionId, stopReason }`
 * @fires agent-chat-tool-call - the agent called a tool; detail `{ sessionId, toolCallId, name, kind, label, input }`
 * @fires agent-chat-state-change - the host's server-side state changed; detail `{ sessionId, state }`
 * @fires agent-chat-error - something failed and is shown in the conversation; detail `{ sessionId, message, code, status }`
 * @fires agent-chat-open - the panel opened; detail `{ frame }`
 * @fires agent-chat-close - the panel closed; detail `{ frame }`
 */
export class AgentChat extends LitElement {
  static override properties = {
    endpoint: { type: String },
    session: { type: String },
    placeholder: { type: String },
    heading: { type: String },
    locale: { type: String },
    strings: { attribute: false },
    theme: { type: String, reflect: true },
    mode: { type: String, reflect: true },
    position: { type: String, reflect: true },
    side: { type: String, reflect: true },
    storageKey: { type: String, attribute: 'storage-key' },
    padBody: { type: Boolean, attribute: 'pad-body' },
    hideAfter: { type: Number, attribute: 'hide-after' },
    breakpoint: { type: Number },
    lockWhileStreaming: { type: Boolean, attribute: 'lock-while-streaming' },
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
  /** Some of the element's texts replaced, by key (see i18n/strings.ts). */
  declare strings: Partial<AgentChatStrings> | undefined;
  /** `light`, `dark`, or unset to follow the system. */
  declare theme: 'light' | 'dark' | undefined;
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
   * The panel is open (floating, drawer), expanded (docked) or showing its output (ephemeral). The `open`
   * attribute; the property has another name because `open()` is the method.
   */
  declare opened: boolean;
  /** What the host page lends the chat: context, mentions, client tools, confirm, headers… */
  declare adapter: AgentChatAdapter | undefined;
  declare narrow: boolean;

  private readonly conversation = new ConversationController(this, () => this.#texts.value);
  readonly #draft = new DraftController(this);
  readonly #adapterProvider = new ContextProvider(this, { context: adapterContext, initialValue: {} });
  readonly #triggers = new TriggerGate();
  readonly #texts = new StringsProvider(this);
  readonly #catalog = new ToolCatalogProvider(this);
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
  }

  /** The session in use: the `session` attribute, or the remembered one. */
  get sessionId(): string {
    this.#configure();
    return this.conversation.state.sessionId;
  }

  get turns(): readonly Turn[] {
    return this.conversation.state.turns;
  }

  get running(): boolean {
    return this.conversation.state.running;
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
    this.#configure();
    return this.conversation.send(text, options);
  }

  /** Stop the reply in flight, here and on the server. Resolves when it has stopped. */
  stop(): Promise<void> {
    return this.conversation.stop();
  }

  /** Forget the conversation, here and on the server. */
  clear(): Promise<void> {
    this.#configure();
    return this.conversation.clear();
  }

  /** Restore the host's state from before the last turn that changed it. */
  undo(): Promise<void> {
    this.#configure();
    return this.conversation.undo();
  }

  /** Open the panel (floating, drawer), expand it (docked), or show the output (ephemeral). */
  open(): void {
    this.#setOpen(true);
  }

  close(): void {
    this.#setOpen(false);
  }

  toggle(): void {
    this.#setOpen(!this.opened);
  }

  /** Mention an item in the message being written (seed 003's Ctrl/Cmd+click on an item), and show the chat. */
  addReference(item: Item): void {
    this.#draft.addReference(item);
    this.#setOpen(true);
    void this.updateComplete.then(() => this.focus());
  }

  /** Attach an item to the message being written (as dropping it does). */
  attach(item: Attachment): void {
    this.#draft.attach(item);
  }

  /**
   * Send a message on the page's behalf for something that happened there (seed 004's triggers), with
   * `trigger: name` in the body and the payload in the context. Returns whether it was sent (or queued).
   */
  trigger(name: string, payload?: unknown, options: TriggerOptions = {}): boolean {
    const priority = options.priority ?? 'normal';
    const admitted = this.#triggers.admit({
      name,
      priority,
      cooldownMs: options.cooldownMs ?? 0,
      now: Date.now(),
      busy: this.running,
      lastTypedAt: this.#draft.lastTypedAt,
    });
    if (!admitted) return false;
    const text = options.text ?? (payload === undefined ? name : `${name}: ${JSON.stringify(payload)}`);
    const context: Context = { trigger: { name, payload } };
    this.#configure();
    void this.conversation.send(text, { trigger: name, context, urgent: priority === 'high' });
    return true;
  }

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('agent-chat-composer')?.focus(options);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('session')) this.#configure();
    if (changed.has('adapter')) {
      this.conversation.adapter = this.adapter ?? {};
      this.#adapterProvider.setValue(this.adapter ?? {});
    }
    // After the adapter, so the request carries its headers; a new adapter retries a catalog that failed.
    if (changed.has('endpoint') || changed.has('adapter')) this.#catalog.load(this.endpoint ?? '', () => this.conversation.tools());
    if (changed.has('locale') || changed.has('strings')) this.#texts.update(this.locale, this.strings);
    if (changed.has('breakpoint')) this.#onWindowResize();
    if (['mode', 'narrow', 'storageKey', 'endpoint'].some((key) => changed.has(key as keyof AgentChat))) this.#restoreOpen();
    if (changed.has('opened') && !this.opened) this.#receivedAtClose = this.conversation.state.received;
  }

  /** Sync, so send() right after creating the element (before its first render) talks to the right session. */
  #configure(): void {
    const endpoint = this.endpoint ?? '';
    const sessionId = this.session || (endpoint ? rememberedSessionId(endpoint) : '');
    this.conversation.configure(endpoint, sessionId);
  }

  get #frameKey(): string {
    return frameStorageKey(this.storageKey, this.endpoint);
  }

  /** Each frame opens as it was left: remembered for floating and docked, closed for a drawer and ephemeral. */
  #restoreOpen(): void {
    const memory = readFrameMemory(this.#frameKey);
    switch (this.frame) {
      case 'floating':
        this.opened = memory.floating?.open ?? this.#openByDefault;
        break;
      case 'docked':
        this.opened = memory.docked?.open ?? true;
        break;
      case 'drawer':
        // A phone's screen is all drawer: it opens when asked to, not because a desktop left it open.
        this.opened = false;
        break;
      case 'ephemeral':
        this.opened = false;
        break;
      default:
        this.opened = true;
    }
  }

  /** Open or close by the user's hand or the API: remembered, announced, and the composer focused. */
  #setOpen(open: boolean): void {
    const frame = this.frame;
    if (open === this.opened || frame === 'inline' || frame === 'none') return;
    this.opened = open;
    if (frame === 'floating') writeFrameMemory(this.#frameKey, { floating: { open } });
    if (frame === 'docked') writeFrameMemory(this.#frameKey, { docked: { open } });
    emit(this, open ? 'agent-chat-open' : 'agent-chat-close', { frame });
    if (open && frame !== 'ephemeral') void this.updateComplete.then(() => this.focus());
  }

  #onFrameToggle = (event: CustomEvent<boolean>): void => {
    event.stopPropagation();
    this.#setOpen(event.detail);
  };

  #onWindowResize = (): void => {
    this.narrow = window.innerWidth < (this.breakpoint || DEFAULT_BREAKPOINT);
  };

  #onDragEnter = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    this.#dragDepth += 1;
    this.#draft.setDropping(true);
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
    if (this.#dragDepth === 0) this.#draft.setDropping(false);
  };

  #onDrop = (event: DragEvent): void => {
    if (!carriesItems(event.dataTransfer)) return;
    event.preventDefault();
    this.#dragDepth = 0;
    this.#draft.setDropping(false);
    const items = parseDroppedItems(event.dataTransfer!.getData(ITEM_MIME));
    for (const item of items) this.#draft.attach(item);
    if (items.length) this.#setOpen(true);
  };

  protected override render() {
    const frame = this.frame;
    if (frame === 'none') return nothing;
    const state = this.conversation.state;
    const unread = this.opened ? 0 : Math.max(0, state.received - this.#receivedAtClose);
    const heading = this.heading ?? this.#texts.value.panelTitle;
    const messages = html`<agent-chat-message-list slot="messages" part="messages" exportparts=${LIST_PARTS}></agent-chat-message-list>`;
    const composer = html`<agent-chat-composer
      slot="composer"
      part="composer"
      exportparts=${COMPOSER_PARTS}
      .placeholder=${this.placeholder}
      .locked=${this.lockWhileStreaming}
    ></agent-chat-composer>`;
    switch (frame) {
      case 'inline':
        return html`<div class="panel" part="panel" role="region" aria-label=${heading}>${messages}${composer}</div>`;
      case 'floating':
        return html`<agent-chat-floating-frame
          exportparts=${FRAME_PARTS}
          .open=${this.opened}
          .unread=${unread}
          .position=${this.position}
          .storageKey=${this.#frameKey}
          .heading=${heading}
          @frame-toggle=${this.#onFrameToggle}
          >${messages}${composer}</agent-chat-floating-frame
        >`;
      case 'docked':
        return html`<agent-chat-docked-frame
          exportparts=${FRAME_PARTS}
          .open=${this.opened}
          .side=${this.side === 'left' ? 'left' : 'right'}
          .padBody=${this.padBody}
          .unread=${unread}
          .storageKey=${this.#frameKey}
          .heading=${heading}
          @frame-toggle=${this.#onFrameToggle}
          >${messages}${composer}</agent-chat-docked-frame
        >`;
      case 'drawer':
        return html`<agent-chat-drawer-frame
          exportparts=${FRAME_PARTS}
          .open=${this.opened}
          .unread=${unread}
          .heading=${heading}
          @frame-toggle=${this.#onFrameToggle}
          >${messages}${composer}</agent-chat-drawer-frame
        >`;
      case 'ephemeral':
        return html`<agent-chat-ephemeral-frame
          exportparts=${FRAME_PARTS}
          .open=${this.opened}
          .hideAfter=${this.hideAfter || DEFAULT_HIDE_AFTER_MS}
          .heading=${heading}
          @frame-toggle=${this.#onFrameToggle}
          >${messages}${composer}</agent-chat-ephemeral-frame
        >`;
    }
  }

  static override styles = [
    tokens,
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
        display: flex;
        flex-direction: column;
        height: 100%;
        overflow: hidden;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_bg);
      }
      agent-chat-message-list {
        flex: 1;
        min-height: 0;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat': AgentChat;
  }
}
