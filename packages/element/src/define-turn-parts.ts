import { AgentTurn } from './parts/agent-turn.js';
import { ReplyAnnouncer } from './parts/reply-announcer.js';

/**
 * Register the parts an agent turn is drawn with (the chips, bubbles and notices are registered with the shell).
 * The cards (confirmation, answer, Undo) are not among them: a turn loads them when it first needs one
 * (load-cards.ts), so a plain text conversation never downloads them.
 */
export function defineTurnParts(): void {
  define('agent-chat-turn', AgentTurn);
  define('agent-chat-reply-announcer', ReplyAnnouncer);
}

/** Guarded, so a page that loads the element twice (a script tag and a bundle) keeps the first definition. */
export function define(name: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, constructor);
}
