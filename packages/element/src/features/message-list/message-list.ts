import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { ContextConsumer } from '@lit/context';
import { conversationContext, type ConversationSnapshot } from '../../context/conversation-context.js';
import { need } from '../registry.js';
import { en } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { GroupedTurns } from '../../core/turns/grouped-turns.js';
import { toolCatalogContext } from '../../context/tool-catalog-context.js';
import type { ToolCatalog } from '../../core/turns/tool-catalog.js';
import { KnownConfirmations, type TurnGroup } from '../../core/turns/turn-steps.js';
import { GroupList } from './group-list.js';
import { HistoryWindow } from './history-window.js';
import { DrawAhead } from './draw-ahead.js';
import type { AgentTurn } from './agent-turn.js';
import { MESSAGE_ACTION_PARTS, TURN_PARTS } from '../../ui/parts.js';
import { tokens } from '../../ui/tokens.js';
import { messageListStyles } from './message-list-styles.js';
import { userMessage } from './user-message.js';

/** What the groups drawn in full are drawn with (#groupParts). */
interface Drawing {
  state: ConversationSnapshot;
  last: TurnGroup | undefined;
  live: TurnGroup | undefined;
  retryTurnId: string | undefined;
}

/**
 * How long after a reader's last scroll (ms) they count as still scrolling: a wheel's or a flick's events come
 * tens of ms apart. Laying out stand-ins meanwhile dropped 2–7 of 90 frames of a fast scroll on a 2-core machine.
 */
const SCROLLING_MS = 300;
/** How close to the bottom (px) still counts as "reading the latest", so new text keeps it in view. */
const STICK_THRESHOLD = 48;
const NO_TOOLS: ToolCatalog = new Map();
/** The id of the live group's turn element, which takes each streamed event's group directly. */
const LIVE = 'live-turn';

/**
 * The conversation: each user message, then the agent's turn in answer to it drawn as one group, and the
 * messages queued behind the reply. Kept scrolled to the latest while the reader is there.
 *
 * @csspart messages - The message list.
 * @csspart empty - The empty conversation's line (it holds the `empty` slot), and the loading line.
 * @csspart typing - The typing dots while the agent works.
 * @csspart queued - A message waiting to be sent behind the reply in flight.
 * @csspart jump-button - "Jump to latest", shown when the reader has scrolled up.
 */
export class MessageList extends LitElement {
  static override properties = {
    away: { state: true },
  };

  /** The reader scrolled up from the latest: a button offers the way back. */
  declare private away: boolean;

  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #tools = new ContextConsumer(this, { context: toolCatalogContext, subscribe: true });
  readonly #strings = new Texts(this, en);
  readonly #known = new KnownConfirmations();
  /** @internal The groups, kept between events (for tests: `regrouped` counts the groups ever grouped). */
  readonly grouped = new GroupedTurns();
  /** @internal Which groups are drawn in full (for tests: only those near the viewport are). */
  readonly window = new HistoryWindow(this);
  /** A look at the window is due at the next frame (after a scroll or an update). */
  #windowFrame: number | undefined;
  readonly #ahead = new DrawAhead(this, {
    window: this.window,
    elements: () => this.#groups.elements,
    drawnInFull: () => this.#groups.drawnInFull,
    busy: () => this.#busy,
    scrolling: () => this.#scrolling,
    layOut: () => void this.scrollHeight,
  });
  /** What the groups drawn in full are drawn with, for the update in progress. */
  #drawing: Drawing | undefined;
  /** The inputs the groups in full were last drawn with (see render). */
  #drawnWith: readonly unknown[] | undefined;
  readonly #groups = new GroupList({
    full: (group) => {
      const { state, last, live, retryTurnId } = this.#drawing!;
      return this.#groupParts(group, state, group === last, group === live, retryTurnId);
    },
    isFull: (key) => this.window.isFull(key),
    heightOf: (key) => this.window.heightOf(key),
    host: this,
    // Stand-ins are laid out neither while a reply streams nor while the reader scrolls: both have the frames.
    busy: () => this.#busy || this.#scrolling,
  });
  /** When the reader last scrolled (performance.now()). */
  #scrolledAt = -Infinity;
  get #scrolling(): boolean {
    return performance.now() - this.#scrolledAt < SCROLLING_MS;
  }
  /** Undefined until first written (see connectedCallback): then the style follows it. */
  #stuck: boolean | undefined;
  /** A reply is streaming: stand-ins wait to be laid out, and far groups to be put away. */
  get #busy(): boolean {
    return this.#conversation.value?.running === true;
  }
  /**
   * Kept at the latest message. Scroll anchoring is for a reader who scrolled away (groups drawn or put away above
   * them must not move what they read); at the latest the list puts itself at the bottom, and an anchoring
   * adjustment there (content above taking its real size) would look like the reader scrolling up.
   */
  get #stickToBottom(): boolean {
    return this.#stuck ?? true;
  }
  set #stickToBottom(stuck: boolean) {
    // Written only when it changes: each write restyles the list, and the scroll handler sets it on every scroll.
    if (stuck === this.#stuck) return;
    this.#stuck = stuck;
    this.style.overflowAnchor = stuck ? 'none' : '';
  }
  #lastScrollTop = 0;
  #lastUserKey: string | undefined;
  /** The turns render after the list (and their markdown after them): their growth must keep the bottom in view too. */
  // Called after layout, once a frame at most, where reading the list's geometry costs no layout of its own (reading
  // it in updated(), as the list did, laid the page out once more every frame of a streamed reply).
  readonly #growth = new ResizeObserver(() => {
    this.#keepBottom();
    // Looked at here, where the layout is fresh; redrawn at the next frame, since redrawing inside this callback
    // would resize what it observes.
    if (this.#checkWindow()) requestAnimationFrame(() => this.requestUpdate());
  });
  #observed: Element | null = null;

  constructor() {
    super();
    this.away = false;
    this.addEventListener('scroll', this.#onScroll, { passive: true });
  }

  protected override render() {
    const t = this.#strings.value;
    const state = this.#conversation.value;
    if (!state) return nothing;
    const announcer = html`<agent-chat-reply-announcer></agent-chat-reply-announcer>`;
    // A call waits for the user only once the run has ended: while it runs, the page may still be answering it
    // (adapter.confirm, a client tool's handler), and a card then would offer buttons that cannot work.
    const waiting = state.running ? [] : state.pending;
    const grouped = this.grouped;
    const live = grouped.update(state, this.#tools.value ?? NO_TOOLS, waiting, this.#known.remember(state.sessionId, waiting));
    const groups = grouped.groups;
    if (groups.length === 0 && state.queued.length === 0) {
      // The host's `empty` content (a slot of <agent-chat>) replaces the default line, not the loading one.
      return html`<div class="empty" part="empty">${state.loading ? t.loadingConversation : html`<slot name="empty">${t.emptyConversation}</slot>`}</div>${announcer}`;
    }
    // While only the live group changed (a streamed event), its element is handed the new group here and the
    // list itself is left alone: the finished groups are neither mapped nor diffed, whatever their number.
    if (!grouped.reshaped && live?.steps.length) {
      const element = this.renderRoot.querySelector?.(`#${LIVE}`) as AgentTurn | null;
      if (element) element.group = live;
    }
    const last = groups[groups.length - 1];
    // Retry is offered on the last line when it is an error of a finished run that answered a message.
    const lastTurn = state.turns[state.turns.length - 1];
    const retryTurnId = !state.running && state.lastUserIndex >= 0 && lastTurn?.type === 'error' ? lastTurn.id : undefined;
    // Keyed (GroupList, and repeat for the queue), so an element is never handed its neighbour's group when the list
    // changes other than at its end: a history arriving under a message sent while it loaded, a message taken out of
    // the queue.
    // What the groups drawn in full depend on (besides which groups are full): the guard's inputs.
    const drawnWith = [groups, state.undoTurnId, state.running, state.decide, state.undo, retryTurnId];
    // The log stays quiet while text streams in; the announcer says each finished reply once.
    return html`<div class="items" role="log" aria-live="off" aria-label=${t.conversationLog} tabindex="-1">
        ${guard([...drawnWith, this.window.version], () => {
          this.window.prepare(state.sessionId, groups);
          // A group far from the viewport is a stand-in (see GroupList): its plain text, for find-in-page and screen
          // readers, in one element laid out only when it comes into view (content-visibility), at the height it had.
          // When only the window moved, the groups already drawn in full are as they were.
          const windowOnly = this.#drawnWith !== undefined && drawnWith.every((input, i) => input === this.#drawnWith![i]);
          this.#drawnWith = drawnWith;
          this.#drawing = { state, last, live, retryTurnId };
          this.#groups.update(groups, windowOnly);
          return this.#groups.element;
        })}
        ${state.running && state.lastUserIndex === state.turns.length - 1
          ? html`<div class="typing" part="typing" aria-label=${t.agentWorking}><span></span><span></span><span></span></div>`
          : nothing}
        ${repeat(
          state.queued,
          (queued) => queued.id,
          (queued) => html`<div class="queued" part="queued">
            <div class="queued-text">${queued.text}</div>
            <div class="queued-meta">
              ${t.queued}
              <button type="button" aria-label=${t.unqueue} @click=${() => state.unqueue(queued.id)}>×</button>
            </div>
          </div>`,
        )}
      </div>
      ${this.away ? html`<button class="jump" part="jump-button" @click=${this.#jump}><span aria-hidden="true">↓</span> ${t.jumpToLatest}</button>` : nothing}
      ${announcer}`;
  }

  #groupParts(group: TurnGroup, state: ConversationSnapshot, isLast: boolean, isLive: boolean, retryTurnId: string | undefined) {
    // The message actions' bars, between the message and the reply and after the reply: their tag upgrades once
    // their chunk is in.
    need('message-actions', this);
    return html`${group.user ? userMessage(group.user, this) : nothing}${actionBar(group)}${group.steps.length
      ? html`<agent-chat-turn
          id=${isLast && isLive ? LIVE : nothing}
          exportparts=${TURN_PARTS}
          .group=${group}
          ?undoable=${!state.running && group.user !== undefined && group.user.id === state.undoTurnId}
          .decide=${state.decide}
          .undo=${state.undo}
          .retry=${state.retry}
          .retryTurnId=${isLast ? retryTurnId : undefined}
        ></agent-chat-turn>`
      : nothing}${actionBar(group, 1)}`;
  }

  protected override willUpdate(_changed: PropertyValues): void {
    const state = this.#conversation.value;
    const lastUser = state?.turns[state.lastUserIndex];
    // The user's own new message always brings the view down, wherever they had scrolled.
    if (lastUser !== undefined && lastUser.id !== this.#lastUserKey) this.#stickToBottom = true;
    this.away = !this.#stickToBottom;
    this.#lastUserKey = lastUser?.id;
  }

  /**
   * Complete once its turns are too: a turn's tool chips, thinking and cards come in a chunk of their own, and whoever
   * waits for the list to be on screen means all of it.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    const turns = this.renderRoot.querySelectorAll<LitElement>('agent-chat-turn');
    const drawn = await Promise.all(Array.from(turns, (turn) => turn.updateComplete));
    return done && drawn.every(Boolean);
  }

  protected override updated(): void {
    // Idle time draws the groups near the viewport ahead of the reader and puts the far ones away (after a reply
    // has ended: kept while it streamed).
    if (!this.#busy) this.#ahead.soon();
    // Growth is handled when the observer reports it (after layout); observing a new .items reports it at once.
    const items = this.renderRoot.querySelector('.items');
    if (items !== this.#observed) {
      this.#growth.disconnect();
      if (items) this.#growth.observe(items);
      this.#observed = items;
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The bars come with the first message; their chunk is asked for now, and fetched once the page is idle
    // (the registry), so a first reply does not fetch and run it in its own frames.
    need('message-actions', this);
    // Not in the constructor: an element being created may not gain attributes (style is one).
    this.#stickToBottom = this.#stickToBottom;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#growth.disconnect();
    this.#observed = null;
  }

  /**
   * At the next frame, which groups to draw in full or put away. Not in the resize observer's callback: redrawing
   * there would resize what it observes.
   */
  #checkWindowSoon(): void {
    this.#windowFrame ??= requestAnimationFrame(() => {
      this.#windowFrame = undefined;
      if (this.#checkWindow()) this.requestUpdate();
      this.#ahead.soon();
    });
  }

  /**
   * In a frame: draws the stand-ins the reader has reached. Putting far groups away waits for idle time (DrawAhead),
   * as does drawing the groups the reader is coming to.
   */
  #checkWindow(): boolean {
    return this.window.check(this.#groups.elements, this.#groups.drawnInFull, true);
  }

  #keepBottom(): void {
    // The reader scrolled and its event has not come yet (it comes with the next frame): that scroll decides first.
    if (this.scrollTop !== this.#lastScrollTop) this.#readScroll(true);
    if (!this.#stickToBottom) return;
    this.scrollTop = this.scrollHeight;
    // Where the list put itself, since the scroll events of several such moves may come as one, or not at all.
    const top = this.scrollTop;
    if (top !== this.#lastScrollTop) this.#ownScroll = true;
    this.#lastScrollTop = top;
  }

  /**
   * Read at once: any scroll may be the reader's (a wheel, the scrollbar, find-in-page moving to a match), and it
   * must let go of the bottom before the list's next move there.
   */
  readonly #onScroll = (): void => {
    // The list's own move to the bottom needs no look at the window, nor at where the list is: the growth that
    // caused it had both, after layout. Reading the geometry here, before the frame's layout, laid out whatever had
    // changed since (stand-ins settling, a long history's first layout: 45–57 ms in one task). A reader's scroll in
    // the same frame as that move is read at the next growth (#keepBottom) or by the next scroll.
    if (this.#ownScroll) {
      this.#ownScroll = false;
      return;
    }
    this.#scrolledAt = performance.now();
    if (this.#readScroll()) this.#checkWindowSoon();
  };
  /** The list moved itself since the last scroll event: the event that comes is its own. */
  #ownScroll = false;

  /**
   * Only the reader scrolling up lets go of the bottom: the list's own scrolls, and its growth, never move up.
   * Returns whether the list is somewhere else than where it last was (the reader moved it). `observing`: called
   * from the resize observer, where a render (the jump button coming or going) would change what it observes in
   * its own callback ("ResizeObserver loop" errors): the button waits for the next frame.
   */
  #readScroll(observing = false): boolean {
    const top = this.scrollTop;
    const near = this.scrollHeight - top - this.clientHeight <= STICK_THRESHOLD;
    if (near || top < this.#lastScrollTop) this.#stickToBottom = near;
    const moved = top !== this.#lastScrollTop;
    this.#lastScrollTop = top;
    if (observing) requestAnimationFrame(() => (this.away = !this.#stickToBottom));
    else this.away = !this.#stickToBottom;
    return moved;
  }

  readonly #jump = (): void => {
    this.#stickToBottom = true;
    this.away = false;
    // The button goes away under the focus: the log takes it, so keyboard users stay in the panel (a drawer's
    // Escape still reaches it).
    this.renderRoot.querySelector<HTMLElement>('.items')?.focus({ preventScroll: true });
    this.#keepBottom();
  };

  static override styles = [tokens, messageListStyles];
}

/** A group's action bar: the message's, or (`reply`) the reply's. */
const actionBar = (group: TurnGroup, reply?: 1) =>
  html`<agent-chat-message-actions exportparts=${MESSAGE_ACTION_PARTS} .group=${group} .reply=${reply}></agent-chat-message-actions>`;

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-message-list': MessageList;
  }
}
