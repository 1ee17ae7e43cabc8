// The conversation chunk's entry: everything the shell (agent-chat.ts, the launcher and the frames) does not need
// to paint. The script-tag bundle loads it beside itself (dist/chunks/) the first time a conversation is shown or
// the host starts a run (load-conversation.ts is the one place that imports it); through the module entry a
// bundler splits it the same way.
import { define } from './define-element.js';
import { defineTurnParts } from './define-turn-parts.js';
import { Composer } from './parts/composer.js';
import { MessageList } from './parts/message-list.js';
import { QuickActions } from './parts/quick-actions.js';

export { ConversationController } from './conversation/conversation-controller.js';
export { ToolCatalogProvider } from './steps/tool-catalog.js';

/** The conversation's tags, the turn's first, so a list upgrading in the same call finds its turns defined. */
export function defineConversationParts(): void {
  defineTurnParts();
  define('agent-chat-quick-actions', QuickActions);
  define('agent-chat-message-list', MessageList);
  define('agent-chat-composer', Composer);
}
