import type { Context } from '@agent-chat/protocol';

/**
 * What the views drawn in a conversation (MCP Apps' `ui/update-model-context`) want the model to know, by session:
 * merged into the context of that session's next messages, under the page's own (run-turn.ts). Kept by
 * features/mcp-apps, which loads only with a view: a conversation without one never sets it.
 */
export const viewContexts = new Map<string, Context>();
