import type { Attachment } from '@agent-chat/protocol';
import { carriesItems, ITEM_MIME, parseDroppedItems } from './dropped-items.js';

/** What a drop of the page's items does to the element. */
export interface ItemDropTarget {
  /** Items are being dragged over the element (the composer shows its drop hint), or no longer. */
  dropping(over: boolean): void;
  /** They were dropped: attached to the draft, and the chat shown. */
  dropped(items: readonly Attachment[]): void;
}

/**
 * The page's items dragged onto the element (seed 003: a card, a row, under ITEM_MIME), anywhere on it: the element
 * accepts the drop only for them, so other drags (text, a link) keep the browser's behaviour.
 */
export function listenForItems(element: HTMLElement, target: ItemDropTarget): void {
  // dragenter and dragleave fire for each child crossed: over the element until the count is back to none.
  let depth = 0;
  element.addEventListener('dragenter', (event) => {
    if (!carriesItems(event.dataTransfer)) return;
    depth += 1;
    target.dropping(true);
  });
  element.addEventListener('dragover', (event) => {
    if (!carriesItems(event.dataTransfer)) return;
    // Accepting the drop: without this the browser refuses it.
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
  });
  element.addEventListener('dragleave', (event) => {
    if (!carriesItems(event.dataTransfer)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) target.dropping(false);
  });
  element.addEventListener('drop', (event) => {
    if (!carriesItems(event.dataTransfer)) return;
    event.preventDefault();
    depth = 0;
    target.dropping(false);
    target.dropped(parseDroppedItems(event.dataTransfer!.getData(ITEM_MIME)));
  });
}
