import { define } from './define-element.js';
import { AgentTurn } from './parts/agent-turn.js';
import { MessageBubble } from './parts/message-bubble.js';
import { NoticeLine } from './parts/notice-line.js';
import { ReplyAnnouncer } from './parts/reply-announcer.js';

/**
 * Register the parts an agent turn is drawn with: its bubbles and notices, leaves first. Tool chips, thinking blocks
 * and the cards (confirmation, answer, Undo) are not among them: a turn loads them when it first needs one
 * (chunks/cards.ts), so a plain text conversation never downloads them.
 */
export function defineTurnParts(): void {
  define('agent-chat-message', MessageBubble);
  define('agent-chat-notice', NoticeLine);
  define('agent-chat-turn', AgentTurn);
  define('agent-chat-reply-announcer', ReplyAnnouncer);
}

// Kept here too for what imported it from this file; the shell imports define-element.ts, which brings no turn.
export { define };
