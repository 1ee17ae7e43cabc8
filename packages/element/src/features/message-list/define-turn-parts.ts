import { define } from '../../ui/define-element.js';
import { AgentTurn } from './agent-turn.js';
import { MessageBubble } from './message-bubble.js';
import { NoticeLine } from './notice-line.js';
import { ReplyAnnouncer } from './reply-announcer.js';

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

// Kept here too for what imported it from this file; the shell imports ui/define-element.ts, which brings no turn.
export { define };
