import { emit } from '../../events.js';

export type { ReferenceDetail } from '../../events.js';

/**
 * Item references in assistant text render as chips the host can act on (open the card, select the row).
 *
 * Syntax, in text the model writes:
 *   `[[F-1]]`  the documented form;
 *   `[F-1]`    the form seed 003's replies use.
 * An id is uppercase ASCII letters, a dash and digits (`F-1`, `BUG-204`). The markdown parser reads `[F-1]` as
 * the start of a link that never gets its `(url)`; render-inline.ts turns it into a chip (marked leaves `[F-1]` with no definition as text). So a real link
 * (`[F-1](https://…)`) stays a link, and inside code or with an escaped bracket (`\[F-1]`) there is no chip.
 *
 * A click dispatches `agent-chat-reference` (bubbling, composed) with `detail: { id }`.
 */
export const REFERENCE_EVENT = 'agent-chat-reference';

export function referenceChip(id: string): HTMLButtonElement {
  const chip = document.createElement('button');
  chip.className = 'reference';
  chip.setAttribute('part', 'reference');
  chip.dataset['reference'] = id;
  chip.textContent = id;
  chip.addEventListener('click', onReferenceClick);
  return chip;
}

function onReferenceClick(event: Event): void {
  const chip = event.currentTarget as HTMLElement;
  emit(chip, REFERENCE_EVENT, { id: chip.dataset['reference']! });
}
