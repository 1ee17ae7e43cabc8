import type { Tool } from './define-tool.js';

/**
 * Tools that can change while the app runs, such as an MCP server's (`mcpTools(...)` returns one): given among
 * `createAgentChat({ tools })`, its tools are offered as they are at each model call, not as they were at start-up.
 */
export interface ToolSource {
  /** The tools it offers now. */
  readonly tools: readonly Tool[];
  /** Call `listener` each time `tools` has changed; returns what stops that. */
  subscribe(listener: () => void): () => void;
  /** Who offers these tools, as a warning names them ("the MCP server https://tools.example.com/mcp"). */
  readonly origin?: string;
}

/** A source of tools rather than one tool: a tool has no `subscribe`. */
export function isToolSource(item: Tool | ToolSource): item is ToolSource {
  return typeof (item as Partial<ToolSource>).subscribe === 'function' && Array.isArray((item as Partial<ToolSource>).tools);
}
