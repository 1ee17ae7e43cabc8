import { ContextConsumer } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { conversationContext } from '../conversation/conversation-context.js';
import { cardsEn, type CardStrings } from './card-strings.js';
import { LocalizedTable } from './localized-table.js';
import { StringsConsumer } from './strings-context.js';
import type { AgentChatStrings } from './strings.js';

/** What a card part reads: the conversation's texts and the cards' own. */
export type CardTextTable = AgentChatStrings & CardStrings;

type Host = ReactiveControllerHost & HTMLElement;

/** One merged table per pair of tables, shared by every card part that shows them (a long history has many). */
const merged = new WeakMap<AgentChatStrings, WeakMap<CardStrings, CardTextTable>>();

/**
 * A card part's texts: the conversation's table, as every part reads it (the element's locale and `strings`), with
 * the cards' table (card-strings.ts) resolved beside it for the same locale and `strings`, which it reads off the
 * element (the conversation's host), as the message actions do with theirs.
 */
export class CardTexts implements ReactiveController {
  readonly #strings: StringsConsumer;
  readonly #conversation: ContextConsumer<typeof conversationContext, Host>;
  readonly #cards: LocalizedTable<CardStrings>;

  constructor(host: Host) {
    this.#strings = new StringsConsumer(host);
    // Not subscribed: only its element is read, and that never changes; a new locale or `strings` reaches the part
    // through the conversation's table, which it is subscribed to, and is read here in the update that follows.
    this.#conversation = new ContextConsumer(host, { context: conversationContext });
    this.#cards = new LocalizedTable(host, cardsEn, () => host.requestUpdate());
    host.addController(this);
  }

  hostUpdate(): void {
    const element = this.#conversation.value?.model.host;
    this.#cards.update(element?.locale, element?.strings);
  }

  get value(): CardTextTable {
    const from = this.#strings.value;
    const cards = this.#cards.value;
    let byCards = merged.get(from);
    if (!byCards) merged.set(from, (byCards = new WeakMap()));
    let value = byCards.get(cards);
    if (!value) byCards.set(cards, (value = { ...from, ...cards }));
    return value;
  }

  /** The conversation's table alone: for what a card hands on to a part that reads only it (the markdown). */
  get conversation(): AgentChatStrings {
    return this.#strings.value;
  }
}
