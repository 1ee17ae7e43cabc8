import { html, type TemplateResult } from 'lit';

/**
 * Item references in assistant text render as chips the host can act on (open the card, select the row).
 *
 * Syntax, in text the model writes:
 *   `[[F-1]]`  the documented form;
 *   `[F-1]`    the form seed 003's replies use.
 * An id is uppercase ASCII letters, a dash and digits (`F-1`, `BUG-204`). A markdown link wins over a chip:
 * `[F-1](https://…)` and `[F-1]` with a `[F-1]: https://…` definition stay links, because the lexer turns them
 * into link tokens before text is looked at here. Inside code, inside a link's text, or with an escaped bracket
 * (`\[F-1]`) there is no chip either.
 *
 * A click dispatches `agent-chat-reference` (bubbling, composed) with `detail: { id }`.
 */
const REFERENCE = /\[\[([A-Z]+-\d+)\]\]|\[([A-Z]+-\d+)\]/g;

export interface ReferenceDetail {
  id: string;
}

export const REFERENCE_EVENT = 'agent-chat-reference';

/** The text with each reference replaced by its chip; the text itself when it has none (the common case). */
export function withReferences(text: string): string | Array<string | TemplateResult> {
  if (!text.includes('[')) return text;
  const parts: Array<string | TemplateResult> = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const id = match[1] ?? match[2]!;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(referenceChip(id));
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function referenceChip(id: string): TemplateResult {
  return html`<button type="button" class="reference" part="reference" data-reference=${id} @click=${onReferenceClick}>${id}</button>`;
}

function onReferenceClick(event: Event): void {
  const chip = event.currentTarget as HTMLElement;
  const id = chip.dataset['reference'];
  if (!id) return;
  chip.dispatchEvent(
    new CustomEvent<ReferenceDetail>(REFERENCE_EVENT, { detail: { id }, bubbles: true, composed: true }),
  );
}

declare global {
  interface HTMLElementEventMap {
    'agent-chat-reference': CustomEvent<ReferenceDetail>;
  }
}
