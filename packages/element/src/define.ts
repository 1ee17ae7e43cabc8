// The self-registering entry: the script-tag bundle (dist/agent-chat.js) and `import '@agent-chat/element/define'`.
// It holds the shell only (the element, its frames and the launcher); the conversation is a chunk of its own,
// loaded when first shown (element/load-conversation.ts).
import { AgentChat, defineAgentChat } from './element/register.js';

defineAgentChat();

export { AgentChat, defineAgentChat };
