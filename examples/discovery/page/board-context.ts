import type { Context, Item } from '@agent-chat/protocol';
import { COLUMNS } from './columns.js';
import type { BoardItem, ContextItemData, Discovery } from './discovery-types.js';

/** One board item as the agent gets it: id, column, title, text, and its links in `data`. */
export function toItem(item: BoardItem): Item {
  const data: ContextItemData = { column: item.column, links: item.links };
  if (item.outputType) data.outputType = item.outputType;
  if (item.stale) data.stale = true;
  return { id: item.id, type: item.column, ...(item.title ? { title: item.title } : {}), text: item.text, data };
}

/**
 * The page context sent with every message: the whole board. The server decides how much of it the model reads
 * (all of it up to 50 items, a summary above), so the page never has to.
 */
export function discoveryContext(discovery: Discovery | null): Context {
  if (!discovery) return {};
  return { discovery: discovery.title, goal: discovery.goal, items: discovery.items.map(toItem) };
}

/**
 * An item as the analyst mentions it (`@I-1`, or Ctrl/Cmd+click): no title, because the element names a mention by
 * its title or else its id, and seed 003's mention tag reads as the id; an input's title goes into the text instead,
 * so the agent still gets it with the reference.
 */
export function toReference(item: BoardItem): Item {
  const { title: _title, ...rest } = toItem(item);
  return { ...rest, text: item.title ? `${item.title}: ${item.text}` : item.text };
}

/** What the @mention list offers for what the analyst typed after `@`: the items grouped by column, in board order. */
export function mentionablesFor(discovery: Discovery | null, query: string): (Item & { group: string })[] {
  if (!discovery) return [];
  const q = query.trim().toLowerCase();
  const matches = (item: BoardItem) =>
    !q || item.id.toLowerCase().startsWith(q) || item.text.toLowerCase().includes(q) || (item.title ?? '').toLowerCase().includes(q);
  return COLUMNS.flatMap(({ column, label }) =>
    discovery.items.filter((item) => item.column === column && matches(item)).map((item) => ({ ...toReference(item), group: label })),
  );
}
