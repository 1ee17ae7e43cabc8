// The conversation's parts: everything the shell (agent-chat.ts, the launcher and the frames) does not need to
// paint. Loaded with the conversation chunk, whose entry is chunks/conversation-parts.ts (it re-exports this file
// with the shell's side, shell-conversation.ts), the first time a conversation is shown or the host starts a run.
import { define } from './define-element.js';
import { defineTurnParts } from './define-turn-parts.js';
import { warmLexer } from './markdown/lex.js';
import { Composer } from './parts/composer.js';
import { MessageList } from './parts/message-list.js';

export { ConversationController } from './conversation/conversation-controller.js';
export { ToolCatalogProvider } from './steps/tool-catalog.js';
export { offerEarlyHistory } from './transport/early-history.js';

/**
 * The conversation's tags, the turn's first, so a list upgrading in the same call finds its turns defined; and,
 * once they have painted, the markdown lexer warmed (warmLexer).
 */
export function defineConversationParts(): void {
  defineTurnParts();
  define('agent-chat-message-list', MessageList);
  define('agent-chat-composer', Composer);
  // Just after the next paint, which shows the parts: the history's request is on its way by then (see warmLexer),
  // and the composer is not held back.
  requestAnimationFrame(() => setTimeout(warmLexer, 0));
}
