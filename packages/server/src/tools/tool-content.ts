import type { ViewResult } from '@agent-chat/protocol';

/** A part of a tool's result: text, or an image as base64 or bytes (PNG, JPEG, GIF or WebP reach the model). */
export type ToolContentPart = { type: 'text'; text: string } | { type: 'image'; mediaType: string; data: string | Uint8Array };

// Symbol.for, not a class: two copies of this package in one app (a bundler's, a test's) still know each other's results.
const BRAND = Symbol.for('agent-chat.tool-content');

/** What `toolContent()` returns; a tool's `execute` returns it as its result. */
export interface ToolContent {
  readonly [BRAND]: true;
  readonly content: readonly ToolContentPart[];
  /** Parts shown to the user and never sent to the model (the tool_result's `display`). */
  readonly display?: readonly ToolContentPart[];
  /** The result as the tool's view reads it (the tool_result's `viewResult`). */
  readonly viewResult?: ViewResult;
}

export interface ToolContentOptions {
  /**
   * Parts for the user only (an MCP result's content annotated `audience: ["user"]`): stored with the result and
   * drawn in its step, never sent to the model.
   */
  display?: readonly ToolContentPart[];
  /**
   * For a tool with a `view` (MCP Apps): the result as the view reads it, an MCP `CallToolResult` with its
   * `structuredContent` and `_meta`. Kept with the result of a call drawn as a view (`viewResult`), never sent to the model.
   */
  viewResult?: ViewResult;
}

/**
 * A tool result made of parts, for a tool whose result includes images (a chart, a screenshot, a scan): return
 * `toolContent([{ type: 'text', text }, { type: 'image', mediaType: 'image/png', data }])` from `execute`. The model
 * sees the images (Anthropic inside the tool result; OpenAI-compatible in a user message right after it), people see
 * the text with each image named in a note, and the history keeps each image by reference in the uploads store when
 * the server has one (`uploads` option), else inline up to `limits.toolImageBytes`. Anything else a tool returns is
 * sent as text (JSON for objects), as before: a plain `{ content: [...] }` object is data, not parts.
 */
export function toolContent(content: readonly ToolContentPart[], options: ToolContentOptions = {}): ToolContent {
  checkParts(content, 'part');
  if (options.display !== undefined) checkParts(options.display, 'display part');
  return {
    [BRAND]: true,
    content: [...content],
    ...(options.display !== undefined ? { display: [...options.display] } : {}),
    ...(options.viewResult !== undefined ? { viewResult: options.viewResult } : {}),
  };
}

function checkParts(parts: readonly ToolContentPart[], what: string): void {
  if (!Array.isArray(parts)) throw new TypeError(`toolContent: expects an array of parts`);
  for (const [index, part] of parts.entries()) {
    const ok =
      part?.type === 'text'
        ? typeof part.text === 'string'
        : part?.type === 'image' && typeof part.mediaType === 'string' && (typeof part.data === 'string' || part.data instanceof Uint8Array);
    if (!ok) throw new TypeError(`toolContent: ${what} ${index} is neither { type: 'text', text } nor { type: 'image', mediaType, data }`);
  }
}

export function isToolContent(value: unknown): value is ToolContent {
  return typeof value === 'object' && value !== null && (value as Partial<ToolContent>)[BRAND] === true;
}
