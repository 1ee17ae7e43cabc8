import { downstreamOf } from './board-graph.js';
import { columnInfo, columnOfId } from './columns.js';
import type { BoardItem, Column, Discovery, OutputType, SavedChat } from './discovery-types.js';

const STORAGE_KEY = 'factly:discovery';

/** The last change to the board, for the proactive suggestions that follow it (page/suggestions.ts). */
export interface BoardChange {
  kind: 'added' | 'edited' | 'deleted';
  /** The item added, edited or deleted. */
  id: string;
  /** Items downstream of it, marked for review (an edit or delete). */
  stale: string[];
}

export interface NewItem {
  column: Column;
  text: string;
  links?: readonly string[];
  title?: string;
  outputType?: OutputType;
}

/**
 * The host page's own state: the discovery on screen (or none), kept in localStorage after every change, as seed 003's
 * app keeps its `DiscoveryData`. Changes are all-or-nothing: a change that fails throws before touching anything,
 * so a tool the agent called leaves the board as it was (FS-ChatActionErrorRollback).
 */
export class DiscoveryStore {
  private discovery: Discovery | null = null;
  private change: BoardChange | undefined;
  private readonly listeners = new Set<(discovery: Discovery | null) => void>();

  get current(): Discovery | null {
    return this.discovery;
  }

  /** The last item added, edited or deleted since this discovery was opened, by the analyst or a confirmed card. */
  get lastChange(): BoardChange | undefined {
    return this.change;
  }

  subscribe(listener: (discovery: Discovery | null) => void): void {
    this.listeners.add(listener);
  }

  /** The discovery saved by the last visit, if any. */
  loadSaved(): Discovery | null {
    try {
      const raw = localStorage.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as Discovery) : null;
    } catch {
      return null;
    }
  }

  replace(discovery: Discovery | null): void {
    this.discovery = discovery;
    this.change = undefined;
    this.changed();
  }

  find(id: string): BoardItem | undefined {
    const wanted = id.trim().replace(/^@/, '').toUpperCase();
    return this.discovery?.items.find((item) => item.id.toUpperCase() === wanted);
  }

  addItem(input: NewItem): BoardItem {
    const discovery = this.require();
    const text = input.text.trim();
    if (!text) throw new Error('The new item has no text.');
    const missing = (input.links ?? []).filter((id) => !this.find(id));
    if (missing.length) throw new Error(`Cannot link to ${missing.join(', ')}: not on the board.`);
    const links = [...new Set((input.links ?? []).map((id) => this.find(id)!.id))];
    const item: BoardItem = {
      id: this.nextId(input.column),
      column: input.column,
      text,
      links,
      ...(input.title ? { title: input.title } : {}),
      ...(input.outputType ? { outputType: input.outputType } : {}),
    };
    this.discovery = { ...discovery, items: [...discovery.items, item] };
    this.change = { kind: 'added', id: item.id, stale: [] };
    this.changed();
    return item;
  }

  /** Change an item's text; what rests on it is marked for review (seed 003's staleness propagation). */
  editItem(id: string, text: string): { item: BoardItem; before: string; stale: string[] } {
    const discovery = this.require();
    const item = this.find(id);
    if (!item) throw this.notOnBoard(id);
    if (!text.trim()) throw new Error('The new text is empty.');
    const stale = downstreamOf(discovery.items, item.id).map((d) => d.id);
    const edited = { ...item, text: text.trim() };
    this.discovery = {
      ...discovery,
      items: discovery.items.map((i) => (i.id === item.id ? edited : stale.includes(i.id) ? { ...i, stale: true } : i)),
    };
    this.change = { kind: 'edited', id: item.id, stale };
    this.changed();
    return { item: edited, before: item.text, stale };
  }

  /** Remove an item and the links to it; what rested on it is marked for review. */
  deleteItem(id: string): { item: BoardItem; stale: string[] } {
    const discovery = this.require();
    const item = this.find(id);
    if (!item) throw this.notOnBoard(id);
    const stale = downstreamOf(discovery.items, item.id).map((d) => d.id);
    this.discovery = {
      ...discovery,
      items: discovery.items
        .filter((i) => i.id !== item.id)
        .map((i) => (stale.includes(i.id) ? { ...i, links: i.links.filter((link) => link !== item.id), stale: true } : i)),
    };
    this.change = { kind: 'deleted', id: item.id, stale };
    this.changed();
    return { item, stale };
  }

  /** The analyst looked at an item marked for review and keeps it. */
  markReviewed(id: string): void {
    const discovery = this.require();
    this.discovery = { ...discovery, items: discovery.items.map((i) => (i.id === id ? { ...i, stale: false } : i)) };
    this.changed();
  }

  rename(title: string, goal: string): void {
    this.discovery = { ...this.require(), title, goal };
    this.changed();
  }

  saveChat(chat: SavedChat): void {
    if (!this.discovery || this.discovery.chat.sessionId !== chat.sessionId) return;
    this.discovery = { ...this.discovery, chat };
    this.changed();
  }

  /** What the agent reads when it names an item that is not there: which ones are, so it can correct itself. */
  private notOnBoard(id: string): Error {
    const column = columnOfId(id);
    const ids = this.require()
      .items.filter((item) => !column || item.column === column)
      .map((item) => item.id);
    const listed = ids.length ? `${column ? `The ${column} items are` : 'The items are'} ${ids.join(', ')}.` : column ? `There are no ${column} items.` : 'The board is empty.';
    return new Error(`${id} does not exist: there is no such item on the board. ${listed}`);
  }

  /** The next free number of a column: one past the highest, so an id is never given to two items at once. */
  private nextId(column: Column): string {
    const { prefix } = columnInfo(column);
    const numbers = this.require()
      .items.filter((i) => i.column === column)
      .map((i) => Number(i.id.split('-')[1]) || 0);
    return `${prefix}-${Math.max(0, ...numbers) + 1}`;
  }

  private require(): Discovery {
    if (!this.discovery) throw new Error('No discovery is open.');
    return this.discovery;
  }

  private changed(): void {
    try {
      if (this.discovery) localStorage.setItem(STORAGE_KEY, JSON.stringify(this.discovery));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or blocked: the board still works for this visit; Export keeps a copy.
    }
    for (const listener of this.listeners) listener(this.discovery);
  }
}
