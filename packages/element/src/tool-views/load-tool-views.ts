// The host's own tool views (adapter.toolViews, adapter.renderTool) are a chunk of their own (chunks/tool-views.ts):
// a page whose adapter has none loads none of it. A turn with a call the host draws asks for it beside the cards
// chunk (agent-turn.ts), and the chip again on its render if that load failed.
import type { AgentChatAdapter } from '../adapter/adapter.js';
import { retryable } from '../load-once.js';

type ToolViews = typeof import('../chunks/tool-views.js');

let views: ToolViews | undefined;

/** Loads the chunk once; a failed load is tried again at the next render that needs it. */
export const loadToolViews = retryable(() =>
  import('../chunks/tool-views.js').then((module) => {
    views = module;
  }),
);

/** The chunk, once it is in. */
export const toolViews = (): ToolViews | undefined => views;

/** Whether the host draws calls of this tool itself. */
export const hasHostView = (adapter: AgentChatAdapter | undefined, toolName: string): adapter is AgentChatAdapter =>
  Boolean(adapter?.renderTool || adapter?.toolViews?.[toolName]);
