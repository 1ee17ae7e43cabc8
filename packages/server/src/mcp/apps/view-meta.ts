import type { McpToolInfo } from '../options.js';

/** The MCP Apps extension's id, under which a client declares it draws views. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one kind of view document the extension defines: HTML for a sandboxed frame. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/** Who may call a tool: the model, the tool's views, or both. */
export type ToolVisibility = 'model' | 'app';

/**
 * The `ui://` resource a tool is drawn with: `_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]` that
 * servers written before 2026-01-26 still send (reading only one of the two is what leaves views as plain text).
 */
export function viewUriOf(tool: McpToolInfo): string | undefined {
  const meta = tool._meta as Record<string, unknown> | undefined;
  const ui = meta?.ui as { resourceUri?: unknown } | undefined;
  const uri = typeof ui?.resourceUri === 'string' ? ui.resourceUri : meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/** Who may call the tool (`_meta.ui.visibility`); both when it does not say. */
export function visibilityOf(tool: McpToolInfo): readonly ToolVisibility[] {
  const ui = (tool._meta as Record<string, unknown> | undefined)?.ui as { visibility?: unknown } | undefined;
  if (!Array.isArray(ui?.visibility)) return ['model', 'app'];
  return ui.visibility.filter((item): item is ToolVisibility => item === 'model' || item === 'app');
}

export const forModel = (tool: McpToolInfo): boolean => visibilityOf(tool).includes('model');
export const forApp = (tool: McpToolInfo): boolean => visibilityOf(tool).includes('app');
