import type { ViewResult } from '@agent-chat/protocol';

/**
 * A tool with a view failed, and its view should still see the result as the server gave it (an MCP error result
 * with its `structuredContent`): thrown from `execute` like any error, the loop keeps `viewResult` with the error.
 */
export class ViewToolError extends Error {
  constructor(
    message: string,
    readonly viewResult: ViewResult,
  ) {
    super(message);
    this.name = 'ViewToolError';
  }
}

/** An MCP CallToolResult as the view's result: the four fields the view is given, nothing else the server added. */
export function viewResultOf(result: { content?: unknown; structuredContent?: unknown; _meta?: unknown; isError?: unknown }): ViewResult {
  return {
    ...(Array.isArray(result.content) ? { content: result.content as Array<Record<string, unknown>> } : {}),
    ...(isRecord(result.structuredContent) ? { structuredContent: result.structuredContent } : {}),
    ...(isRecord(result._meta) ? { _meta: result._meta } : {}),
    ...(typeof result.isError === 'boolean' ? { isError: result.isError } : {}),
  };
}

/**
 * The view's result as the session keeps it. The history is read whole on every request and reload, so a result over
 * `maxBytes` (characters of its JSON, as the session's own size is counted) loses its `content` first: the view is then
 * given the turn's output as content, which is what the model read. Still over it, it is not kept.
 */
export function boundViewResult(result: ViewResult, maxBytes: number): ViewResult | undefined {
  if (JSON.stringify(result).length <= maxBytes) return result;
  const { content: _dropped, ...rest } = result;
  return JSON.stringify(rest).length <= maxBytes ? rest : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
