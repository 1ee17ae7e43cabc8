import type { ToolResultTurn } from '@agent-chat/protocol';
import type { McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps/app-bridge';

type CallResult = McpUiToolResultNotification['params'];
type Block = CallResult['content'][number];

/**
 * A stored tool result as the MCP result a view expects (`ui/notifications/tool-result`): the server's result as it
 * returned it (`viewResult`: structuredContent, _meta), when the server kept it; its content, when too large to keep,
 * and any result kept without one, rebuilt from what the model read (text, images) as content blocks.
 */
export function callResult(turn: ToolResultTurn): CallResult {
  const kept = turn.viewResult;
  if (!kept) return { content: blocks(turn.output), isError: turn.isError };
  return {
    ...kept,
    content: (kept.content as Block[] | undefined) ?? blocks(turn.output),
    isError: kept.isError ?? turn.isError,
  } as CallResult;
}

function blocks(output: unknown): Block[] {
  if (typeof output === 'string') return [{ type: 'text', text: output }];
  const parts = Array.isArray(output) ? output : (output as { parts?: unknown } | null)?.parts;
  if (Array.isArray(parts) && parts.every(isPart)) {
    return parts.map((part) =>
      part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', mimeType: part.mediaType, data: part.data },
    );
  }
  return [{ type: 'text', text: JSON.stringify(output) ?? '' }];
}

type Part = { type: 'text'; text: string } | { type: 'image'; mediaType: string; data: string };

function isPart(value: unknown): value is Part {
  const part = value as Partial<Part> | null;
  return (part?.type === 'text' && typeof part.text === 'string') || (part?.type === 'image' && typeof part.data === 'string');
}
