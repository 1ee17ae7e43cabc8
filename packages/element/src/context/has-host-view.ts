import type { AgentChatAdapter } from './adapter.js';

/** Whether the host draws calls of this tool itself (then the tool views' chunk draws them). */
export const hasHostView = (adapter: AgentChatAdapter | undefined, toolName: string): adapter is AgentChatAdapter =>
  Boolean(adapter?.renderTool || adapter?.toolViews?.[toolName]);
