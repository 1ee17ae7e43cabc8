import { css, html, type TemplateResult } from 'lit';
import type { Item } from '@agent-chat/protocol';
import { mentionRanges, type MentionRange } from '../../core/mention-tokens.js';

// Mentions inline (issue #20, point 8): a picked item is a token in the text, drawn, kept whole by the keys, and
// named to screen readers. In the autocomplete chunk, which a mention has always loaded (the composer loads it
// for one the host added first).
//
// The field stays a textarea, which cannot style a part of its text: a layer under it (it takes the field's
// background) lays the same text out the same way, transparent, with each mention as a tinted token behind the
// textarea's own letters. So typing, IME, paste (plain text), spelling, selection and undo are the textarea's,
// and a layer a pixel off draws its tint a pixel off, never the text.

/** The hidden text that describes the field: the items mentioned. */
export const MENTIONS_ID = 'mentions';

/** The layer under the textarea, and the field's description (the layer is hidden from assistive technology). */
export function mentionLayer(text: string, items: readonly Item[], label: string): TemplateResult {
  const pieces: unknown[] = [];
  let at = 0;
  for (const { start, end, item } of mentionRanges(text, items)) {
    pieces.push(text.slice(at, start), html`<span class="mention" data-id=${item.id}>${text.slice(start, end)}</span>`);
    at = end;
  }
  // The zero-width space: a text that ends with a line break has one line more in a textarea than in a div.
  pieces.push(`${text.slice(at)}\u200b`);
  // One text node: Chromium joins a hidden description's text nodes with spaces ("Mentions : …").
  const description = `${label}: ${items.map(describe).join(', ')}`;
  return html`<div class="mentions" aria-hidden="true">${pieces}</div><span id=${MENTIONS_ID} hidden>${description}</span>`;
}

/** "Revenue grew 12% (fact F-1)", "recommendation R-2": what the item is, beside what the text says of it. */
function describe(item: Item): string {
  const kind = [item.type, item.id].filter(Boolean).join(' ');
  return item.title ? `${item.title} (${kind})` : kind;
}

/** What of the textarea's style lays its text out: the layer takes the same, whatever a host's `::part(input)` set. */
const LAYOUT = ['font', 'letterSpacing', 'wordSpacing', 'lineHeight', 'padding', 'borderWidth', 'tabSize', 'textIndent', 'textAlign', 'direction'] as const;

/**
 * The layer laid out as the textarea is: its box is the field's (CSS), less the textarea's scrollbar, which narrows
 * the text; scrolled as it is.
 */
export function syncMentionLayer(textarea: HTMLTextAreaElement): void {
  const layer = textarea.parentElement?.querySelector<HTMLElement>('.mentions');
  if (!layer) return;
  const style = getComputedStyle(textarea);
  for (const name of LAYOUT) layer.style[name] = style[name];
  const scrollbar = textarea.offsetWidth - textarea.clientWidth - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  layer.style.right = `${scrollbar}px`;
  layer.scrollTop = textarea.scrollTop;
}

/**
 * The keys that treat a mention as one piece, with the caret still (no selection): Backspace just after it (or
 * after the space that follows it) and Delete just before it remove it whole, with that space; ←/→ step over it.
 * True when the key was this one's, so the composer prevents its default.
 */
export function mentionKey(textarea: HTMLTextAreaElement, items: readonly Item[], event: KeyboardEvent): boolean {
  const { selectionStart: caret, selectionEnd, value } = textarea;
  if (caret !== selectionEnd || event.shiftKey || event.altKey) return false;
  const ranges = mentionRanges(value, items);
  /** Where the mention ends with the space after it. */
  const spaced = (range: MentionRange) => range.end + (value.charAt(range.end) === ' ' ? 1 : 0);
  const inside = (range: MentionRange) => range.start < caret && caret < range.end;
  let found: MentionRange | undefined;
  if (event.key === 'Backspace') {
    found = ranges.find((range) => range.start < caret && caret <= spaced(range));
    if (found) remove(textarea, found.start, spaced(found));
  } else if (event.key === 'Delete') {
    found = ranges.find((range) => range.start === caret || inside(range));
    if (found) remove(textarea, found.start, spaced(found));
  } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
    const left = event.key === 'ArrowLeft';
    found = ranges.find((range) => inside(range) || (left ? range.end === caret : range.start === caret));
    if (found) textarea.setSelectionRange(left ? found.start : found.end, left ? found.start : found.end);
  }
  return Boolean(found);
}

/**
 * The text from start to end removed as an edit of the user's: the browser's undo brings it back (and the draft
 * its reference), and the field fires `input` as for typing.
 */
function remove(textarea: HTMLTextAreaElement, start: number, end: number): void {
  textarea.setSelectionRange(start, end);
  if (document.execCommand('delete')) return;
  textarea.setRangeText('', start, end, 'start');
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A caret that a click or a key put inside a mention goes to its nearer edge; the item there (the caret inside
 * or at an edge of its mention), for a Ctrl/Cmd+click to show it.
 */
export function snapToMention(textarea: HTMLTextAreaElement, items: readonly Item[]): Item | undefined {
  const caret = textarea.selectionStart;
  const range = mentionRanges(textarea.value, items).find((each) => each.start <= caret && caret <= each.end);
  if (range && caret === textarea.selectionEnd && caret > range.start && caret < range.end) {
    const edge = caret - range.start < range.end - caret ? range.start : range.end;
    textarea.setSelectionRange(edge, edge);
  }
  return range?.item;
}

export const mentionStyles = css`
  .mentions {
    position: absolute;
    inset: 0;
    box-sizing: border-box;
    overflow: hidden;
    border-style: solid;
    border-color: transparent;
    border-radius: var(--_radius-small);
    background: var(--_bg);
    color: transparent;
    white-space: pre-wrap;
    overflow-wrap: break-word;
    pointer-events: none;
  }
  .mention {
    border-radius: 4px;
    background: color-mix(in srgb, var(--_accent) 16%, transparent);
    box-shadow: 0 0 0 1px color-mix(in srgb, var(--_accent) 45%, transparent);
  }
  textarea[data-mentions] {
    position: relative;
    background: transparent;
  }
`;
