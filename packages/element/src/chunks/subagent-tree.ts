// The sub-agent tree's chunk: a sub-agent's chip and the live tree of its steps. A tool chip asks for it when it
// draws a call that starts a sub-agent (features/cards/tool-chip.ts), so a conversation without sub-agents never
// loads it. It imports the shell, the conversation, the cards and the message actions first, for the bundle's sake:
// it loads after them (the chip is a card; the actions are asked for with the first message), and what it shares
// with them (the usage's texts with the actions) is then in their files rather than a small one of its own. See
// README.md here.
import '../element/register.js';
import './conversation-parts.js';
import './cards.js';
import './message-actions.js';
import { define } from '../ui/define-element.js';
import { SubagentNode } from '../features/subagent-tree/subagent-node.js';

define('agent-chat-subagent', SubagentNode);

export { SubagentNode };
