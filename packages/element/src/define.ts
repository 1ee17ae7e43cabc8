// The self-registering entry: the script-tag bundle (dist/agent-chat.js) and `import '@agent-chat/element/define'`.
// The three bare imports are for the bundle's sake only: the order modules land in the script changes how well it
// gzips, and with these three first it is 0.25 KB smaller (node build.mjs prints the size). package.json's
// sideEffects lets bundlers drop a bare import of them; they still set esbuild's order, which is all they are for.
import './markdown/incremental-markdown.js';
import './conversation/conversation-controller.js';
import './parts/composer.js';
import { AgentChat, defineAgentChat } from './register.js';

defineAgentChat();

export { AgentChat, defineAgentChat };
