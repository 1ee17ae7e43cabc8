import type { AgentChatAdapter } from '@agent-chat/element';
import { discoveryContext, mentionablesFor } from './board-context.js';
import { boardToolHandlers } from './board-tools.js';
import type { BoardView } from './board-view.js';
import type { DiscoveryStore } from './discovery-store.js';

/**
 * How `<agent-chat>` reaches the board: the context it sends with each message, what `@` offers, the handlers of the
 * agent's write tools (run once the analyst confirmed the card), and where a reference in a reply points.
 */
export function discoveryAdapter(store: DiscoveryStore, board: BoardView): AgentChatAdapter {
  return {
    getContext: () => discoveryContext(store.current),
    mentionables: (query: string) => mentionablesFor(store.current, query),
    tools: boardToolHandlers(store),
    onReference: (reference) => {
      board.highlight(reference.id);
    },
  };
}
