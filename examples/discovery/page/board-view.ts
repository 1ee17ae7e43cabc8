import { downstreamOf, upstreamOf } from './board-graph.js';
import { COLUMNS } from './columns.js';
import type { BoardItem, Column, Discovery } from './discovery-types.js';
import { h } from './dom.js';

export interface BoardViewHandlers {
  /** Ctrl/Cmd+click: mention the item in the chat. */
  onReferenceItem(item: BoardItem): void;
  onAddItem(column: Column, text: string): void;
  onKeepItem(id: string): void;
}

/**
 * The five columns and their cards. Re-rendered whole on every change (a board is at most a few hundred cards);
 * what the analyst is looking at (the selected chain, a highlight) is re-applied after.
 */
export class BoardView {
  private selected: string | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly handlers: BoardViewHandlers,
  ) {
    root.addEventListener('click', (event) => this.onClick(event as MouseEvent));
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.target as HTMLElement).matches('.item')) this.onClick(event as unknown as MouseEvent);
    });
  }

  private items: readonly BoardItem[] = [];

  render(discovery: Discovery): void {
    this.items = discovery.items;
    this.root.replaceChildren(...COLUMNS.map(({ column, label }) => this.renderColumn(column, label, discovery.items)));
    this.showChain(this.selected && this.items.some((i) => i.id === this.selected) ? this.selected : undefined);
  }

  /** Scroll to an item and make it flash: what a reference in the agent's reply points at. */
  highlight(id: string): boolean {
    const card = this.card(id);
    if (!card) return false;
    card.scrollIntoView({ block: 'center', inline: 'center', behavior: 'smooth' });
    card.classList.remove('highlighted');
    void card.offsetWidth; // restart the animation when the same item is highlighted twice
    card.classList.add('highlighted');
    this.showChain(card.dataset.id);
    return true;
  }

  private card(id: string): HTMLElement | null {
    return this.root.querySelector(`.item[data-id="${CSS.escape(id.toUpperCase())}"]`);
  }

  private renderColumn(column: Column, label: string, all: readonly BoardItem[]): HTMLElement {
    const items = all.filter((item) => item.column === column);
    const list = h('div', { class: 'items' }, ...items.map((item) => this.renderItem(item)));
    if (items.length === 0) list.append(h('p', { class: 'empty' }, 'Nothing yet.'));
    return h(
      'section',
      { class: 'column', 'data-column': column, 'aria-label': label },
      h('header', {}, h('h2', {}, label), h('span', { class: 'count' }, String(items.length))),
      list,
      this.renderAddForm(column, label),
    );
  }

  private renderItem(item: BoardItem): HTMLElement {
    return h(
      'article',
      { class: `item${item.stale ? ' stale' : ''}`, 'data-id': item.id, tabindex: '0', title: 'Click to see its chain · Ctrl/Cmd+click to mention it in the chat' },
      h('div', { class: 'item-head' }, h('span', { class: 'item-id' }, item.id), item.outputType ? h('span', { class: 'tag' }, item.outputType.replace('_', ' ')) : null),
      item.title ? h('strong', { class: 'item-title' }, item.title) : null,
      h('p', { class: 'item-text' }, item.text),
      item.links.length ? h('div', { class: 'links' }, '← ', ...item.links.map((link) => h('span', { class: 'link', 'data-link': link }, link))) : null,
      item.stale
        ? h('div', { class: 'review' }, 'Needs review: a source changed. ', h('button', { type: 'button', class: 'keep', 'data-keep': item.id }, 'Keep'))
        : null,
    );
  }

  private renderAddForm(column: Column, label: string): HTMLElement {
    const input = h('input', { type: 'text', name: 'text', placeholder: `Add to ${label.toLowerCase()}…`, 'aria-label': `New item in ${label}` });
    const form = h('form', { class: 'add' }, input);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!input.value.trim()) return;
      this.handlers.onAddItem(column, input.value);
      input.value = '';
    });
    return form;
  }

  private onClick(event: MouseEvent): void {
    const target = event.target as HTMLElement;
    const keep = target.closest<HTMLElement>('[data-keep]');
    if (keep) return this.handlers.onKeepItem(keep.dataset.keep!);
    const link = target.closest<HTMLElement>('[data-link]');
    if (link && !(event.ctrlKey || event.metaKey)) {
      this.highlight(link.dataset.link!);
      return;
    }
    const card = target.closest<HTMLElement>('.item');
    if (!card) return this.showChain(undefined);
    const item = this.items.find((i) => i.id === card.dataset.id);
    if (!item) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      this.handlers.onReferenceItem(item);
      return;
    }
    this.showChain(this.selected === item.id ? undefined : item.id);
  }

  /** Light up an item with everything it rests on and everything resting on it; dim the rest. */
  private showChain(id: string | undefined): void {
    this.selected = id;
    const chain = new Set(id ? [id, ...upstreamOf(this.items, id).map((i) => i.id), ...downstreamOf(this.items, id).map((i) => i.id)] : []);
    this.root.classList.toggle('tracing', Boolean(id));
    for (const card of this.root.querySelectorAll<HTMLElement>('.item')) {
      card.classList.toggle('in-chain', chain.has(card.dataset.id!));
      card.classList.toggle('selected', card.dataset.id === id);
    }
  }
}
