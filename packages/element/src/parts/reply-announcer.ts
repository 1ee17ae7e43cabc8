import { LitElement, html } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { Turn } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../conversation/conversation-context.js';
import { StringsConsumer } from '../i18n/strings-context.js';
import { format } from '../i18n/strings.js';
import { toolCatalogContext, type ToolCatalog } from '../steps/tool-catalog.js';
import { isConfirmation } from '../steps/turn-steps.js';
import { visuallyHidden } from '../styles/tokens.js';

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
    callback: () => this.#settle?.(),
  });
  readonly #strings = new StringsConsumer(this);
  #wasRunning = false;
  /** Set while a finished reply waits for the tool catalog: says it, at once. */
  #settle: (() => void) | undefined;

  constructor() {
    super();
    this.message = '';
  }

  /** What was last announced; for tests and for hosts that mirror it elsewhere. */
  get announcement(): string {
    return this.message;
  }

  #watch(state: ConversationSnapshot): void {
    const finished = this.#wasRunning && !state.running;
    this.#wasRunning = state.running;
    if (!finished) return;
    this.#settle?.();
    // A first reply can finish before the tool catalog (GET /tools) is in, and a call the catalog does not know may
    // be the answer card, whose summary is what to say: wait for the catalog, but not for long.
    if (!(this.#tools.value?.size ?? 0) && latestTurn(state.turns).some((turn) => turn.type === 'tool_call')) {
      const timer = setTimeout(() => this.#settle?.(), CATALOG_WAIT_MS);
      this.#settle = () => {
        clearTimeout(timer);
        this.#settle = undefined;
        this.#say(state);
      };
      return;
    }
    this.#say(state);
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
