import { EventType, type ActivitySnapshotEvent } from '@ag-ui/core';
import type { ToolView, Turn, ViewResult } from '@agent-chat/protocol';

/** The activity type of MCP Apps views, as @ag-ui/mcp-apps-middleware names it (`MCPAppsActivityType`). */
export const MCP_APPS_ACTIVITY = 'mcp-apps';

/** A call drawn as a view: what its activity tells of it. */
export interface ViewCall {
  toolCallId: string;
  input: unknown;
  view: ToolView;
}

/** What its result turn or event brings to the activity. */
export interface ViewCallResult {
  /** The output as the tool message's content says it (the model's words for it). */
  text: string;
  isError: boolean;
  stopped?: boolean;
  viewResult?: ViewResult;
}

/**
 * The activity of a call's view: one per call (its id is the call's), so the live ACTIVITY_SNAPSHOT and the one in a
 * MESSAGES_SNAPSHOT are the same message, and a client's copy is replaced, not doubled.
 */
export function activityId(toolCallId: string): string {
  return `${toolCallId}.mcp-apps`;
}

/**
 * The `mcp-apps` activity's content, as @ag-ui/mcp-apps-middleware writes it (`result`, `resourceUri`, `serverHash`,
 * `serverId`, `toolInput`), and `toolCallId`, ours: the middleware's activity follows its call's TOOL_CALL_RESULT
 * and names no call, which leaves a client to guess; ours names it, so a client draws the view under its call.
 */
export function mcpAppContent(call: ViewCall, result: ViewCallResult): Record<string, unknown> {
  const server = call.view.server;
  return {
    result: callToolResult(result),
    resourceUri: call.view.resourceUri,
    serverHash: serverHash(server ?? ''),
    ...(server ? { serverId: server } : {}),
    toolInput: isRecord(call.input) ? call.input : {},
    toolCallId: call.toolCallId,
  };
}

/** The view's activity after its call's result; none for a call the run was stopped in (its view gets no result). */
export function mcpAppActivity(call: ViewCall, result: ViewCallResult, tag: { subagentRunId?: string }): ActivitySnapshotEvent | undefined {
  if (result.stopped) return undefined;
  return {
    type: EventType.ACTIVITY_SNAPSHOT,
    messageId: activityId(call.toolCallId),
    activityType: MCP_APPS_ACTIVITY,
    content: mcpAppContent(call, result),
    replace: true,
    ...tag,
  };
}

/**
 * The server's stand-in for @ag-ui/mcp-apps-middleware's hash of its transport and URL: a server reached over stdio
 * has no URL, so ours is FNV-1a (64 bits, 16 hex digits) of the UTF-8 of the server's name (`serverId`). The same
 * name gives the same hash on every instance and after a restart; it is an identifier, not a secret or a checksum.
 */
export function serverHash(serverId: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(serverId)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The calls with a view a session holds, by id: a resumed run's result may answer a call made in an earlier run. */
export function storedViewCalls(turns: readonly Turn[], subagentTurns: readonly Turn[] = []): (toolCallId: string) => ViewCall | undefined {
  const calls = new Map<string, ViewCall>();
  for (const turn of [...turns, ...subagentTurns]) {
    if (turn.type === 'tool_call' && turn.view) calls.set(turn.toolCallId, { toolCallId: turn.toolCallId, input: turn.input, view: turn.view });
  }
  return (toolCallId) => calls.get(toolCallId);
}

/** The MCP result the view is given: the server's, kept whole, with the model's output as content when it had to go. */
function callToolResult({ text, isError, viewResult }: ViewCallResult): ViewResult {
  const failed = isError || viewResult?.isError === true;
  return {
    ...viewResult,
    content: viewResult?.content ?? [{ type: 'text', text }],
    ...(failed ? { isError: true } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
