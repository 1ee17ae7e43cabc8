import type { Token, Tokens } from 'marked';
import { FENCE_OPENING, closesFence } from './open-fence.js';

// Where a growing reply's blocks end (IncrementalMarkdown): which parts of a list or table at the end can no longer
// change, how the rest, lexed again, joins them, and what else a finished block carries.

/**
 * A list or table growing at the end of the text: the part of it that can no longer change (items, rows), where
 * the rest starts, and for a table its header and delimiter lines, lexed again in front of the rest.
 */
export interface OpenBlock {
  settled: Tokens.List | Tokens.Table;
  at: number;
  head: string;
}

/**
 * What of a list or table at `start` can no longer change: a list's items before the last one that began on a
 * complete line (nothing written later reaches back past it), a table's rows whose line is complete.
 */
export function settle(token: Token, start: number, lastBreak: number, text: string): OpenBlock | undefined {
  if (token.type === 'list') {
    const list = token as Tokens.List;
    let next = start;
    let count = 0;
    let at = start;
    for (let i = 0; i < list.items.length - 1; i++) {
      next += list.items[i]!.raw.length;
      if (next <= lastBreak) [count, at] = [i + 1, next];
    }
    return count ? { settled: { ...list, items: list.items.slice(0, count) }, at, head: '' } : undefined;
  }
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    const lines = table.raw.split('\n');
    const headLength = lines[0]!.length + lines[1]!.length + 2;
    let at = start + headLength;
    let count = 0;
    for (let r = 0; r < table.rows.length; r++) {
      const end = at + lines[2 + r]!.length;
      if (end > lastBreak || text[end] !== '\n') break;
      [count, at] = [r + 1, end + 1];
    }
    return count ? { settled: { ...table, rows: table.rows.slice(0, count) }, at, head: text.slice(start, start + headLength) } : undefined;
  }
  return undefined;
}

/** The open block's settled part and the rest of it, lexed anew (`rest`), as one token; undefined if they don't fit. */
export function joined(open: OpenBlock, rest: Token | undefined, source: (restLength: number) => string): Token | undefined {
  const settled = open.settled;
  if (rest?.type !== settled.type) return undefined;
  const raw = source(rest.raw.length);
  if (settled.type === 'list') {
    const more = rest as Tokens.List;
    return { ...more, raw, start: settled.start, loose: settled.loose || more.loose, items: settled.items.concat(more.items) };
  }
  const more = rest as Tokens.Table;
  if (more.header.length !== (settled as Tokens.Table).header.length) return undefined;
  return { ...more, raw, rows: (settled as Tokens.Table).rows.concat(more.rows) };
}
/** A fenced code block at `start` whose closing fence, on a complete line, is in the text. */
export function closedFence(token: Token, start: number, lastBreak: number): boolean {
  if (token.type !== 'code') return false;
  const opening = FENCE_OPENING.exec(token.raw);
  const body = token.raw.replace(/\n+$/, '');
  const lines = body.split('\n');
  return !!opening && lines.length > 1 && closesFence(lines.at(-1)!, opening[2]!) && start + body.length <= lastBreak;
}

/** The link reference definitions in a block, at any depth (in a quote, in a list item). */
export function definitions(token: Token): Tokens.Def[] {
  if (token.type === 'def') return [token as Tokens.Def];
  const inner = token.type === 'list' ? (token as Tokens.List).items : token.type === 'blockquote' || token.type === 'list_item' ? token.tokens ?? [] : [];
  return inner.flatMap(definitions);
}
