// The A2UI chunk: the agent's surfaces, drawn by @a2ui/lit's basic catalog (and a host's own, adapter.a2uiCatalog)
// from a MessageProcessor of @a2ui/web_core fed the conversation's ui turns. A ui turn or a user's act asks for it
// (features/message-list), so a conversation without surfaces never loads it, nor @a2ui's code and the zod it brings.
// It imports the shell and the conversation first, for the bundle's sake: it loads after them. See README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { A2uiTurnView } from '../features/a2ui/a2ui-turn.js';

define('agent-chat-a2ui', A2uiTurnView);

export { A2uiTurnView };
