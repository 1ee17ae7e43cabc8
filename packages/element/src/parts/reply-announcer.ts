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
  readonly #tools = new ContextConsumer(this, { context: toolCatalogContext, subscribe: true });
  readonly #strings = new StringsConsumer(this);
  #wasRunning = false;

  constructor() {
    super();
    this.message = '';
  }

  /** What was last announced; for tests and for hosts that mirror it elsewhere. */
  get announcement(): string {
    return this.message;
  }

  #watch({ running, turns, pending }: ConversationSnapshot): void {
    const finished = this.#wasRunning && !running;
    this.#wasRunning = running;
    if (!finished) return;
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
