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
  const toolCallId = namedCall(content) ?? lastResult ?? `ag-ui-activity-${event.messageId}`;
  const call = withApp(thread, toolCallId, app, content);
  const answered = toolMessage(thread.messages, toolCallId);
  const output = answered ? parseJson(contentText(answered.content)) : resultText(app.result);
  return [callEvent(toolCallId, call), { ...resultEvent(toolCallId, call, output), ...under(call.parentCallId) }];
}

/**
 * The views a MESSAGES_SNAPSHOT's `mcp-apps` activity messages tell (an agent-chat server's history has one after
 * each such call's result), each given to its call as the live activity gives it, so a reload draws them again.
 */
export function snapshotApps(thread: AgUiThread, messages: readonly Message[]): void {
  let lastResult: string | undefined;
  for (const message of messages) {
    if (message.role === 'tool') lastResult = message.toolCallId;
    if (message.role !== 'activity' || message.activityType !== MCP_APPS_ACTIVITY) continue;
    const content = (message.content ?? {}) as Record<string, unknown>;
    const app = appOf(content);
    const toolCallId = namedCall(content) ?? lastResult;
    if (app && toolCallId) withApp(thread, toolCallId, app, content, messages);
  }
}

/** The call an activity names (`toolCallId`, an agent-chat server's addition to the middleware's format). */
function namedCall(content: Record<string, unknown>): string | undefined {
  return typeof content['toolCallId'] === 'string' ? content['toolCallId'] : undefined;
}

/** The thread's call given its view; one the thread has not seen is made from the assistant message that made it, or the activity. */
function withApp(thread: AgUiThread, toolCallId: string, app: McpAppActivity, content: Record<string, unknown>, messages: readonly Message[] = thread.messages): ThreadCall {
  let call = thread.calls.get(toolCallId);
  if (!call) {
    const made = messages.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : [])).find((toolCall) => toolCall.id === toolCallId);
    const name = made?.function.name ?? toolName(app.resourceUri);
    call = { name, args: made?.function.arguments ?? JSON.stringify(content['toolInput'] ?? {}), ended: true } satisfies ThreadCall;
    thread.calls.set(toolCallId, call);
  }
  call.app = app;
  return call;
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
