import type { QuickAction } from '@agent-chat/element';
import { downstreamOf } from './board-graph.js';
import type { BoardChange } from './discovery-store.js';
import type { Discovery } from './discovery-types.js';

// Seed 003's proactive suggestions (FS-ChatProactiveSuggestions, FS-ChatSuggestMissingConnections): after a change to
// the board, the chat offers what the change left open as quick-action chips under its input, before the analyst
// asks. The page knows what changed, so it proposes; a click asks Factly, which reads the board and answers. The
// element asks for these again when the page calls `el.contextChanged()` after each change (page/main.ts).

/** At most this many chips, so the row stays one glance. */
const MAX_SUGGESTIONS = 3;

const connect = (id: string): QuickAction => ({ label: `Suggest connections for ${id}`, text: `Suggest connections for ${id}` });

/** The chips for the board as it is after `change` (none yet: the board's general questions). */
export function suggestionsFor(discovery: Discovery | null, change: BoardChange | undefined): QuickAction[] {
  if (!discovery) return [];
  const general: QuickAction[] = discovery.items.length
    ? [
        { label: 'Any gaps?', text: 'Any gaps?' },
        { label: 'Summarize the board', text: 'Summarize the board' },
      ]
    : [];
  if (!change) return general;
  return [...changeSuggestions(discovery, change), ...general].slice(0, MAX_SUGGESTIONS);
}

function changeSuggestions(discovery: Discovery, change: BoardChange): QuickAction[] {
  const { items } = discovery;
  const byId = new Map(items.map((item) => [item.id, item]));
  if (change.kind === 'added') {
    const item = byId.get(change.id);
    if (!item) return [];
    // A new item that rests on nothing, or that nothing rests on yet, is a loose end: worth connecting.
    const loose = (item.column !== 'input' && item.links.length === 0) || (item.column !== 'output' && downstreamOf(items, item.id).length === 0);
    return loose ? [connect(item.id)] : [];
  }
  // After an edit or a delete, the items downstream were marked for review. Those that lost their only support (a
  // delete removes the links to the item) need new support; the others need a second look.
  const stale = change.stale.flatMap((id) => byId.get(id) ?? []);
  const unsupported = stale.filter((item) => item.links.length === 0);
  if (unsupported.length) return unsupported.map((item) => connect(item.id));
  const first = stale[0];
  return first ? [{ label: `Does ${first.id} still hold?`, text: `Does ${first.id} still hold after the change to ${change.id}?` }] : [];
}

/**
 * The suggestions of the board as it is now, less those the analyst already sent since its last change: a chip
 * that was answered stays away until the board changes again.
 */
export function proactiveSuggestions(store: { readonly current: Discovery | null; readonly lastChange: BoardChange | undefined }) {
  let asked = new Set<string>();
  // Every change gives the discovery a new items array (the store never mutates one), and so does opening another.
  let itemsSeen: unknown = store.current?.items;
  const freshen = () => {
    if (store.current?.items === itemsSeen) return;
    itemsSeen = store.current?.items;
    asked = new Set();
  };
  return {
    list(): QuickAction[] {
      freshen();
      return suggestionsFor(store.current, store.lastChange).filter((action) => !asked.has(action.text));
    },
    sent(text: string): void {
      freshen();
      asked.add(text);
    },
  };
}

export type ProactiveSuggestions = ReturnType<typeof proactiveSuggestions>;
