// The chips of items (what the user mentioned or attached, what the host dropped in the draft) are a chunk of their
// own (chunks/item-chips.ts): a plain text conversation has none to show, so it does not load them.
import { retryable } from '../load-once.js';

const load = retryable(() => import('../chunks/item-chips.js'));

/**
 * Asks for the chunk when there are items to show. The tags render before it arrives (an unknown element shows
 * nothing) and upgrade when it does, keeping the items they were given (Lit keeps properties set before upgrade).
 */
export function needItemChips(items: readonly unknown[] | undefined): void {
  if (items?.length) load().catch((error: unknown) => console.error('[agent-chat] the item chips could not load:', error));
}
