// The lazy chunk's entry: the parts that a plain text conversation never shows (a tool step's chip, a thinking
// block, the confirmation card with its edit form and word diff, the final answer card, the Undo bar). The script-tag bundle loads this file on first
// use, beside itself (dist/chunks/); through the module entry a bundler splits it the same way. load-cards.ts
// is the one place that imports it.
// Loaded only after the conversation: importing its chunk first keeps the conversation in one file (chunks/README.md).
import './chunks/conversation-parts.js';
import { define } from './define-element.js';
import { SchemaForm } from './forms/schema-form.js';
import { AnswerCard } from './parts/answer-card.js';
import { ConfirmCard } from './parts/confirm-card.js';
import { ThinkingBlock } from './parts/thinking-block.js';
import { ToolChip } from './parts/tool-chip.js';
import { UndoBar } from './parts/undo-bar.js';
import { WordDiff } from './parts/word-diff.js';

/** The tags defined here: a turn that is about to draw one of them loads this module first (see load-cards.ts). */
export function defineCards(): void {
  // The card's own parts first, so a card upgrading in the same call finds its form and diff already defined.
  define('agent-chat-schema-form', SchemaForm);
  define('agent-chat-word-diff', WordDiff);
  define('agent-chat-confirm-card', ConfirmCard);
  define('agent-chat-answer-card', AnswerCard);
  define('agent-chat-undo-bar', UndoBar);
  define('agent-chat-thinking', ThinkingBlock);
  define('agent-chat-tool-chip', ToolChip);
}
