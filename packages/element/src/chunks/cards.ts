// The cards' chunk: the parts a plain text conversation never shows (a tool step's chip, a thinking block, the
// confirmation card with its edit form and word diff, the final answer card, the Undo bar). A turn asks for it
// before the render that would draw the first of them (agent-turn.ts). It imports the shell and the conversation
// first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';
import { define } from '../define-element.js';
import { SchemaForm } from '../forms/schema-form.js';
import { AnswerCard } from '../parts/answer-card.js';
import { ConfirmCard } from '../parts/confirm-card.js';
import { ThinkingBlock } from '../parts/thinking-block.js';
import { ToolChip } from '../parts/tool-chip.js';
import { UndoBar } from '../parts/undo-bar.js';
import { WordDiff } from '../parts/word-diff.js';

// The card's own parts first, so a card upgrading in the same call finds its form and diff already defined.
define('agent-chat-schema-form', SchemaForm);
define('agent-chat-word-diff', WordDiff);
define('agent-chat-confirm-card', ConfirmCard);
define('agent-chat-answer-card', AnswerCard);
define('agent-chat-undo-bar', UndoBar);
define('agent-chat-thinking', ThinkingBlock);
define('agent-chat-tool-chip', ToolChip);
