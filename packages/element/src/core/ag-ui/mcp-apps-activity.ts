import type { ActivitySnapshotEvent, Message } from '@ag-ui/core';
import type { StreamEvent, ViewResult } from '@agent-chat/protocol';
import { callEvent, contentText, resultEvent, under } from './stream-events.js';
import { parseJson, type AgUiThread, type McpAppActivity, type ThreadCall } from './thread.js';

/** The activity type of MCP Apps views (@ag-ui/mcp-apps-middleware's `MCPAppsActivityType`). */
export const MCP_APPS_ACTIVITY = 'mcp-apps';

/**
 * An `mcp-apps` activity (ACTIVITY_SNAPSHOT, as @ag-ui/mcp-apps-middleware emits it after a view tool's result) as the
 * element draws it: its call gets the view (the tool_call event again, with `view`) and the view's MCP result (the
 * tool_result event again, with `viewResult`), so `<agent-chat-mcp-app>` draws it as for the element's own server.
 * The call is the one the activity names (`content.toolCallId`, an agent-chat server's addition), else the one whose
 * TOOL_CALL_RESULT came just before it (`lastResult`: the middleware emits the two together); an activity with
 * neither is drawn as a call of its own. Anything else, or an activity without a document to draw, is nothing.
 */
export function mcpAppEvents(thread: AgUiThread, event: ActivitySnapshotEvent, lastResult: string | undefined): StreamEvent[] {
  if (event.activityType !== MCP_APPS_ACTIVITY) return [];
  const content = (event.content ?? {}) as Record<string, unknown>;
  const app = appOf(content);
  if (!app) return [];
  const toolCallId = typeof content['toolCallId'] === 'string' ? content['toolCallId'] : (lastResult ?? `ag-ui-activity-${event.messageId}`);
  let call = thread.calls.get(toolCallId);
  if (!call) {
    call = { name: toolName(app.resourceUri), args: JSON.stringify(content['toolInput'] ?? {}), ended: true } satisfies ThreadCall;
    thread.calls.set(toolCallId, call);
  }
  call.app = app;
  const answered = toolMessage(thread.messages, toolCallId);
  const output = answered ? parseJson(contentText(answered.content)) : resultText(app.result);
  return [callEvent(toolCallId, call), { ...resultEvent(toolCallId, call, output), ...under(call.parentCallId) }];
}

/** The activity's view, when it names a document and a server to read it from. */
function appOf(content: Record<string, unknown>): McpAppActivity | undefined {
  const { resourceUri, serverHash, serverId, result } = content;
  if (typeof resourceUri !== 'string' || typeof serverHash !== 'string') return undefined;
  return { resourceUri, serverHash, ...(typeof serverId === 'string' && serverId ? { serverId } : {}), result: viewResult(result) };
}

/** The MCP CallToolResult as the view is given it: its known fields, each only when it has the right shape. */
function viewResult(value: unknown): ViewResult {
  const result = (isRecord(value) ? value : {}) as Record<string, unknown>;
  const { content, structuredContent, _meta, isError } = result;
  return {
    ...(Array.isArray(content) ? { content: content.filter(isRecord) } : {}),
    ...(isRecord(structuredContent) ? { structuredContent } : {}),
    ...(isRecord(_meta) ? { _meta } : {}),
    ...(typeof isError === 'boolean' ? { isError } : {}),
  };
}

/** The tool message that answered the call, if the thread has one. */
function toolMessage(messages: readonly Message[], toolCallId: string): Extract<Message, { role: 'tool' }> | undefined {
  return messages.findLast((message): message is Extract<Message, { role: 'tool' }> => message.role === 'tool' && message.toolCallId === toolCallId);
}

/** A result no TOOL_CALL_RESULT gave: its text blocks, as the model would read them. */
function resultText(result: ViewResult): string {
  return (result.content ?? []).flatMap((block) => (block['type'] === 'text' && typeof block['text'] === 'string' ? [block['text']] : [])).join('\n');
}

/** A name for a call only its view is known of: the document's (`ui://get-time/app.html` → `get-time`). */
function toolName(resourceUri: string): string {
  return /^ui:\/\/([^/]+)/.exec(resourceUri)?.[1] ?? 'view';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
