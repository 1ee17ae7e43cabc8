import type { Context, Item } from '@agent-chat/protocol';
import { downstreamOf, upstreamOf } from '../page/board-graph.js';
import { COLUMNS, columnOfId } from '../page/columns.js';
import type { Column, ContextItemData } from '../page/discovery-types.js';

export { columnOfId, downstreamOf, upstreamOf };

/** A board item as the server reads it back out of the page context. */
export interface ContextBoardItem {
  id: string;
  column: Column;
  title: string | undefined;
  text: string;
  links: string[];
  stale: boolean;
}

const isColumn = (value: unknown): value is Column => COLUMNS.some((info) => info.column === value);

/**
 * The board as the page sent it with the message. The context is the page's word, not ours: anything that does not
 * look like a board item is skipped rather than trusted.
 */
export function boardFromContext(context: Context | undefined): ContextBoardItem[] {
  const items: readonly Item[] = context?.items ?? [];
  return items.flatMap((item) => {
    const data = (item.data ?? {}) as Partial<ContextItemData>;
    const column = isColumn(data.column) ? data.column : columnOfId(item.id);
    if (!column) return [];
    const links = Array.isArray(data.links) ? data.links.filter((link): link is string => typeof link === 'string') : [];
    return [{ id: item.id, column, title: item.title, text: item.text ?? '', links, stale: data.stale === true }];
  });
}

export function findItem(board: readonly ContextBoardItem[], id: string): ContextBoardItem | undefined {
  const wanted = id.trim().replace(/^@/, '').toUpperCase();
  return board.find((item) => item.id.toUpperCase() === wanted);
}

/** Seed 003's relationship overview: items resting on nothing, items nothing uses, the longest chain. */
export function relationshipOverview(board: readonly ContextBoardItem[]) {
  const cited = new Set(board.flatMap((item) => item.links));
  const unsupported = board.filter((item) => item.column !== 'input' && item.links.length === 0).map((item) => item.id);
  const unused = board.filter((item) => item.column !== 'output' && !cited.has(item.id)).map((item) => item.id);
  const deepest = Math.max(0, ...board.map((item) => chainDepth(board, item)));
  return { unsupported, unused, deepest };
}

function chainDepth(board: readonly ContextBoardItem[], item: ContextBoardItem): number {
  const upstream = upstreamOf(board, item.id);
  const columns = new Set([item.column, ...upstream.map((u) => u.column)]);
  return columns.size;
}

export function shortText(text: string, chars = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars - 1)}…` : flat;
}
