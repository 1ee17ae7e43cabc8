// The MCP Apps chunk: a tool call drawn as its MCP server's interactive view, hosted through the official AppBridge
// (@modelcontextprotocol/ext-apps). A tool chip asks for it when its call has a view (features/cards/tool-chip.ts), so
// a conversation without views never loads it (nor the bridge, nor the schemas it validates messages with). It
// imports the shell, the conversation and the cards first, for the bundle's sake: it loads after them (the chip is
// a card). See README.md here.
import '../element/register.js';
import './conversation-parts.js';
import './cards.js';
import { define } from '../ui/define-element.js';
import { McpAppView } from '../features/mcp-apps/mcp-app-view.js';

define('agent-chat-mcp-app', McpAppView);

export { McpAppView };
