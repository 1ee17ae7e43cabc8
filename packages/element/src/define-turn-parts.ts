import { SchemaForm } from './forms/schema-form.js';
import { AgentTurn } from './parts/agent-turn.js';
import { AnswerCard } from './parts/answer-card.js';
import { ConfirmCard } from './parts/confirm-card.js';
import { ReplyAnnouncer } from './parts/reply-announcer.js';
import { UndoBar } from './parts/undo-bar.js';
import { WordDiff } from './parts/word-diff.js';

/** Register the parts an agent turn is drawn with (the chips, bubbles and notices are registered with the shell). */
export function defineTurnParts(): void {
  define('agent-chat-schema-form', SchemaForm);
  define('agent-chat-word-diff', WordDiff);
  define('agent-chat-confirm-card', ConfirmCard);
  define('agent-chat-answer-card', AnswerCard);
  define('agent-chat-undo-bar', UndoBar);
  define('agent-chat-turn', AgentTurn);
  define('agent-chat-reply-announcer', ReplyAnnouncer);
}

/** Guarded, so a page that loads the element twice (a script tag and a bundle) keeps the first definition. */
export function define(name: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, constructor);
}
