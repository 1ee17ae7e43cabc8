import { LitElement, html } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { Turn } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../../context/conversation-context.js';
import { Texts } from '../../i18n/texts.js';
import { en, format } from '../../i18n/strings.js';
import { toolCatalogContext } from '../../context/tool-catalog-context.js';
import { NO_CATALOG, type ToolCatalog } from '../../core/turns/tool-catalog.js';
import { isConfirmation } from '../../core/turns/turn-steps.js';
import { visuallyHidden } from '../../ui/tokens.js';

/** A screen reader reads this much of a reply unprompted; the rest is in the log for whoever wants it. */
const MAX_ANNOUNCED = 600;
/** How long a finished reply waits for a tool catalog still on its way before it is said without it. */
const CATALOG_WAIT_MS = 1000;

/**
 * The polite live region that says a reply once it has finished. The message log itself stays quiet while text
 * streams in (announcing every token would drown the user); this speaks the finished reply, its final answer, or
 * its error, once.
 */
export class ReplyAnnouncer extends LitElement {
  static override properties = {
    message: { state: true },
  };

  declare private message: string;

  readonly #conversation = new ContextConsumer(this, {
    context: conversationContext,
    subscribe: true,
    callback: (state) => this.#watch(state),
  });
  readonly #tools = new ContextConsumer(this, {
    context: toolCatalogContext,
    subscribe: true,
    // An answered catalog (an empty one included) ends a wait; the one not yet asked does not.
    callback: (catalog) => {
      if (catalog !== NO_CATALOG) this.#flush();
    },
  });
  readonly #strings = new Texts(this, en);
  #wasRunning = false;
  /** A finished reply waiting for the tool catalog, and the timer that says it without. */
  #waiting: { state: ConversationSnapshot; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor() {
    super();
    this.message = '';
  }

  /** What was last announced; for tests and for hosts that mirror it elsewhere. */
  get announcement(): string {
    return this.message;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#drop();
  }

  #watch(state: ConversationSnapshot): void {
    const finished = this.#wasRunning && !state.running;
    this.#wasRunning = state.running;
    // A new reply has started: the last one is old news.
    if (state.running) this.#drop();
    if (!finished) return;
    this.#flush();
    // A first reply can finish before the tool catalog (GET /tools) has answered, and a call the catalog does not
    // know may be the answer card, whose summary is what to say: wait for the catalog, but not for long.
    if (this.#tools.value === NO_CATALOG && latestTurn(state.turns).some((turn) => turn.type === 'tool_call')) {
      this.#waiting = { state, timer: setTimeout(() => this.#flush(), CATALOG_WAIT_MS) };
      return;
    }
    this.#say(state);
  }

  /** Say the reply that waits for the catalog, if any, with the catalog as it is now. */
  #flush(): void {
    const waiting = this.#drop();
    if (waiting) this.#say(waiting.state);
  }

  #drop(): { state: ConversationSnapshot } | undefined {
    const waiting = this.#waiting;
    if (waiting) clearTimeout(waiting.timer);
    this.#waiting = undefined;
    return waiting;
  }

  #say({ turns, pending }: ConversationSnapshot): void {
    // A card the user must answer is news too: nothing else tells a screen reader the turn waits for them.
    const waiting = pending.find(isConfirmation);
    const reply = [
      lastReply(turns, this.#tools.value ?? new Map()),
      waiting && format(this.#strings.value.waitingForConfirmation, { label: waiting.label || waiting.name }),
    ]
      .filter(Boolean)
      .join(' ');
    if (!reply) return;
    // Emptied first, so a reply that says the same as the last one is still announced.
    this.message = '';
    requestAnimationFrame(() => {
      this.message = reply.length > MAX_ANNOUNCED ? `${reply.slice(0, MAX_ANNOUNCED)}…` : reply;
    });
  }

  protected override render() {
    void this.#conversation;
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.message}</div>`;
  }

  static override styles = [visuallyHidden];
}

/** The turns since the last user message. */
function latestTurn(turns: readonly Turn[]): readonly Turn[] {
  let i = turns.length;
  while (i > 0 && turns[i - 1]!.type !== 'user') i--;
  return turns.slice(i);
}

/** The last thing the agent said in the latest turn: its text, its answer card's summary, or its error. */
export function lastReply(turns: readonly Turn[], tools: ToolCatalog): string | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.type === 'user') return undefined;
    if (turn.type === 'assistant_text' && turn.text.trim()) return turn.text.trim();
    if (turn.type === 'error') return turn.message;
    if (turn.type === 'tool_call' && tools.get(turn.name)?.display === 'answer') {
      const summary = (turn.input as { summary?: unknown } | undefined)?.summary;
      if (typeof summary === 'string' && summary.trim()) return summary.trim();
    }
  }
  return undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-reply-announcer': ReplyAnnouncer;
  }
}
