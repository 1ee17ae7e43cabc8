import type { AgentChatAdapter } from '@agent-chat/element';
import { discoveryContext, mentionablesFor } from './board-context.js';
import { boardToolHandlers } from './board-tools.js';
import type { BoardView } from './board-view.js';
import type { DiscoveryStore } from './discovery-store.js';
import type { ProactiveSuggestions } from './suggestions.js';

/**
 * How `<agent-chat>` reaches the board: the context it sends with each message, what `@` offers, the handlers of the
 * agent's write tools (run once the analyst confirmed the card), where a reference in a reply points, and the
 * suggestions a change to the board calls for (asked again on `el.contextChanged()`).
 */
export function discoveryAdapter(store: DiscoveryStore, board: BoardView, suggestions: ProactiveSuggestions): AgentChatAdapter {
  return {
    getContext: () => discoveryContext(store.current),
    mentionables: (query: string) => mentionablesFor(store.current, query),
    tools: boardToolHandlers(store),
    onReference: (reference) => {
      board.highlight(reference.id);
    },
    quickActions: () => suggestions.list(),
  };
}
