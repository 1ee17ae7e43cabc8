import type { McpUiUpdateModelContextRequest } from '@modelcontextprotocol/ext-apps/app-bridge';
import { viewContexts } from '../../context/view-context.js';

/** What one view said for the model, as the model reads it in the message's context (`mcpApps`). */
export interface ViewContextEntry {
  toolCallId: string;
  tool: string;
  server?: string;
  /** The text blocks it sent. */
  text?: string;
  /** Its `structuredContent`. */
  data?: Record<string, unknown>;
}

/** By session, each view's latest word, by its call. */
const bySession = new Map<string, Map<string, ViewContextEntry>>();

/**
 * A view's `ui/update-model-context`: it replaces what the same view said before (the spec's "each request
 * overwrites the previous"), and goes with every later message of the session as `context.mcpApps`, one entry per
 * view, until the view leaves the page (clearViewContext). An update with nothing in it withdraws the view's entry.
 */
export function setViewContext(
  sessionId: string,
  call: { toolCallId: string; tool: string; server?: string | undefined },
  update: McpUiUpdateModelContextRequest['params'],
): void {
  const text = update.content?.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
  const data = update.structuredContent;
  if (!text && !data) return clearViewContext(sessionId, call.toolCallId);
  const views = bySession.get(sessionId) ?? new Map<string, ViewContextEntry>();
  views.set(call.toolCallId, {
    toolCallId: call.toolCallId,
    tool: call.tool,
    ...(call.server ? { server: call.server } : {}),
    ...(text ? { text } : {}),
    ...(data ? { data } : {}),
  });
  publish(sessionId, views);
}

/** The view of this call left the page: what it said goes no more. */
export function clearViewContext(sessionId: string, toolCallId: string): void {
  const views = bySession.get(sessionId);
  if (views?.delete(toolCallId)) publish(sessionId, views);
}

function publish(sessionId: string, views: Map<string, ViewContextEntry>): void {
  if (views.size > 0) {
    bySession.set(sessionId, views);
    viewContexts.set(sessionId, { mcpApps: [...views.values()] });
  } else {
    bySession.delete(sessionId);
    viewContexts.delete(sessionId);
  }
}
