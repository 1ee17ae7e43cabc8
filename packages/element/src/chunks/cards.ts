// The cards' chunk: the parts a plain text conversation never shows (a tool step's chip, a thinking block, the
// confirmation card with its edit form and word diff, the final answer card, the Undo bar). A turn asks for it
// before the render that would draw the first of them (agent-turn.ts). It imports the shell and the conversation
// first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { SchemaForm } from '../features/cards/schema-form.js';
import { AnswerCard } from '../features/cards/answer-card.js';
import { ConfirmCard } from '../features/cards/confirm-card.js';
import { ThinkingBlock } from '../features/cards/thinking-block.js';
import { ToolChip } from '../features/cards/tool-chip.js';
import { ToolDisplay } from '../features/cards/tool-display.js';
import { UndoBar } from '../features/cards/undo-bar.js';
import { WordDiff } from '../features/cards/word-diff.js';

// The card's own parts first, so a card upgrading in the same call finds its form and diff already defined.
define('agent-chat-schema-form', SchemaForm);
define('agent-chat-word-diff', WordDiff);
define('agent-chat-confirm-card', ConfirmCard);
define('agent-chat-answer-card', AnswerCard);
define('agent-chat-undo-bar', UndoBar);
define('agent-chat-thinking', ThinkingBlock);
define('agent-chat-tool-display', ToolDisplay);
define('agent-chat-tool-chip', ToolChip);
