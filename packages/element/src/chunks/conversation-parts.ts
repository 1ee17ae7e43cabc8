// The conversation chunk's entry, which element/load-conversation.ts asks for when an element first shows a
// conversation or its host starts a run: everything the shell (agent-chat.ts, the launcher and the frames) does not
// need to paint. The message list and the composer (two features, which this entry brings together), the controller
// and transport, and the shell's side of them (../element/shell-conversation.ts), one chunk rather than two and the
// small ones they would share (measured: 0.7 KB gzip more for a plain text conversation). The chunk is named after
// its entry (dist/chunks/conversation-parts-<hash>.js), the name pages and tests know the conversation's chunk by.
// It imports the shell first for the bundle's sake: see README.md here.
import '../element/register.js';
import { define } from '../ui/define-element.js';
import { defineTurnParts } from '../features/message-list/define-turn-parts.js';
import { warmLexer } from '../core/markdown/lex.js';
import { afterPaint } from '../ui/later.js';
import { warmRenderer } from '../ui/markdown/warm-renderer.js';
import { Composer } from '../features/composer/composer.js';
import { MessageList } from '../features/message-list/message-list.js';

export { ConversationController } from '../conversation/conversation-controller.js';
export { ToolCatalogProvider } from '../conversation/tool-catalog.js';
export { offerEarlyHistory } from '../transport/early-history.js';
export * from '../element/shell-conversation.js';

/**
 * The conversation's tags, the turn's first, so a list upgrading in the same call finds its turns defined; and,
 * once they have painted, the markdown lexer warmed (warmLexer), then, when the page is idle, its renderer
 * (warmRenderer).
 */
export function defineConversationParts(): void {
  defineTurnParts();
  define('agent-chat-message-list', MessageList);
  define('agent-chat-composer', Composer);
  // Just after the next paint, which shows the parts: the history's request is on its way by then (see warmLexer),
  // and the composer is not held back.
  requestAnimationFrame(() => setTimeout(warmLexer, 0));
  void afterPaint().then(warmRenderer);
}
