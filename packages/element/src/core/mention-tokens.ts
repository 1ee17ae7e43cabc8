import type { Item } from '@agent-chat/protocol';

// Where mentions stand in the draft's text. The text is the one source: a mention is its item's `@label` in it, so
// whatever edits the text (typing, paste, cut, the browser's undo) keeps the draft's references true to what the
// user sees. In the conversation's chunk: the draft and the composer read it with every keystroke; drawing the
// tokens and the keys that treat them as one piece are the autocomplete chunk's (mention-input.ts).

/** How an item is named in chips, suggestions and its mention: its title, or its id. */
export function itemLabel(item: Item): string {
  return item.title || item.id;
}

/** An item's mention as it stands in the text. */
export const mentionText = (item: Item): string => `@${itemLabel(item)}`;

export interface MentionRange {
  start: number;
  /** Just after the mention's last character. */
  end: number;
  item: Item;
}

/**
 * The items' mentions in the text, in order: `@label` at the start or after a space, and before a space, a
 * punctuation mark or the end (as the `@` list leaves it), so `@F-12` is no mention of F-1. Of two that overlap
 * (`@Costs` and `@Costs fell`), the one that starts first, and of two that start together the longer.
 */
export function mentionRanges(text: string, items: readonly Item[]): MentionRange[] {
  const found: MentionRange[] = [];
  for (const item of items) {
    const mention = mentionText(item);
    for (let start = text.indexOf(mention); start >= 0; start = text.indexOf(mention, start + 1)) {
      const end = start + mention.length;
      if (/^\s?$/.test(text.charAt(start - 1)) && !/[\p{L}\p{N}_]/u.test(text.charAt(end))) found.push({ start, end, item });
    }
  }
  let end = 0;
  return found.sort((a, b) => a.start - b.start || b.end - a.end).filter((range) => range.start >= end && (end = range.end));
}
