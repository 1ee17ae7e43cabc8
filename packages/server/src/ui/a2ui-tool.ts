import { a2uiSurfaceId, parseA2uiMessage, type A2uiMessage } from '@agent-chat/protocol';
import { z } from 'zod';
import { defineTool, type Tool, type ToolLabel } from '../tools/define-tool.js';
import { a2uiToolDescription, type A2uiCatalog } from './a2ui-tool-description.js';
import { checkAgainstCatalog } from './catalog-check.js';

export type { A2uiCatalog } from './a2ui-tool-description.js';

export interface A2uiToolOptions {
  catalog: A2uiCatalog;
  /** The tool's name. Default `show_a2ui_surface` (not `render_a2ui`, which @ag-ui/a2ui-middleware claims by default for its own tool). */
  name?: string;
  /** How a call is shown on its step. Default "Drawing". */
  label?: ToolLabel<A2uiToolInput>;
}

/** What the model gives the tool. */
export interface A2uiToolInput {
  /** A2UI v0.9 messages, checked by ctx.ui (so a mistake is an error the model reads, not a refused input). */
  messages: unknown[];
}

const inputSchema: z.ZodType<A2uiToolInput> = z.object({
  messages: z
    .array(z.unknown())
    .min(1)
    .describe('A2UI v0.9 messages, applied in order: createSurface, updateComponents, updateDataModel, deleteSurface.'),
});

/**
 * The built-in tool with which the model itself draws A2UI surfaces from the app's catalog (opt-in: add it to the
 * app's tools). Its messages go through `ctx.ui`, so a bad one is an error result the model reads and can correct,
 * and a surface drawn is stored and streamed as any tool's would be. Before that they are held against the catalog:
 * `createSurface` names its id, a new surface gets a `root` component in the same call, and, when the catalog is
 * JSON Schema, each component is one it lists.
 */
export function a2uiTool(options: A2uiToolOptions): Tool<z.ZodType<A2uiToolInput>> {
  const { catalog } = options;
  if (!catalog?.id?.trim()) throw new TypeError('a2uiTool: catalog.id is required (it is what createSurface names)');
  return defineTool({
    name: options.name ?? 'show_a2ui_surface',
    description: a2uiToolDescription(catalog),
    input: inputSchema,
    label: options.label ?? 'Drawing',
    execute: ({ messages }, ctx) => {
      // A message that is not A2UI at all is ctx.ui's error to name; only valid ones are held against the catalog.
      if (messages.every((message) => parseA2uiMessage(message).success)) checkAgainstCatalog(catalog, messages as A2uiMessage[]);
      ctx.ui(messages);
      // ctx.ui has checked every message (it throws otherwise): they are A2UI messages now.
      return drawnText(messages as A2uiMessage[]);
    },
  });
}

/** What the model reads back: what it drew, and how the user's acts will reach it. */
function drawnText(messages: readonly A2uiMessage[]): string {
  const surfaces = [...new Set(messages.map(a2uiSurfaceId))].map((id) => `"${id}"`).join(', ');
  return (
    `Shown to the user: ${messages.length} A2UI message${messages.length === 1 ? '' : 's'} on ${surfaces}. ` +
    "When the user acts on a surface (presses a button), the act comes back as their next message, with the action's " +
    "name, its context and the surface's data. Do not describe the surface again in text."
  );
}
