import { z } from 'zod';

/**
 * A tool call drawn as an interactive view (MCP Apps, the `io.modelcontextprotocol/ui` extension): the `ui://`
 * resource its MCP server declared for the tool. Carried by the `tool_call` event and stored on the tool_call turn,
 * so a reload draws the view again from the stored input and result. Only present when the server draws views
 * (`createAgentChat({ apps: { sandboxOrigin } })`).
 */
export const toolViewSchema = z.object({
  /** The view's `ui://` resource, as the tool's `_meta.ui.resourceUri` (or the older `_meta["ui/resourceUri"]`) names it. */
  resourceUri: z.string(),
  /** Who serves it, as the user reads it (the MCP server's name). */
  server: z.string().optional(),
});
export type ToolView = z.infer<typeof toolViewSchema>;

/**
 * A call's result as its MCP server returned it (the MCP `CallToolResult`), kept for the call's view: MCP Apps views
 * read `structuredContent` and `_meta` from `ui/notifications/tool-result`, which the model's text leaves out. Carried
 * by the `tool_result` event and stored on the tool_result turn of a call with a `view` only. A result whose JSON is
 * over the server's `limits.viewResultBytes` is kept without its `content` (a client gives the view the turn's
 * `output` as content instead), and one still over it is not kept at all.
 */
export const viewResultSchema = z.object({
  /** The MCP content blocks, as the server sent them; absent when they were left out for size. */
  content: z.array(z.record(z.string(), z.unknown())).optional(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});
export type ViewResult = z.infer<typeof viewResultSchema>;

/** What the view's resource declares it needs (its `_meta.ui.csp`): origins, by what they are for. */
export const viewCspSchema = z.object({
  connectDomains: z.array(z.string()).optional(),
  resourceDomains: z.array(z.string()).optional(),
  frameDomains: z.array(z.string()).optional(),
  baseUriDomains: z.array(z.string()).optional(),
});
export type ViewCsp = z.infer<typeof viewCspSchema>;

/** Browser features the view asks for (its `_meta.ui.permissions`); each becomes part of the frame's `allow`. */
export const viewPermissionsSchema = z.object({
  camera: z.object({}).passthrough().optional(),
  microphone: z.object({}).passthrough().optional(),
  geolocation: z.object({}).passthrough().optional(),
  clipboardWrite: z.object({}).passthrough().optional(),
});
export type ViewPermissions = z.infer<typeof viewPermissionsSchema>;

/**
 * GET /sessions/:sessionId/calls/:toolCallId/view: the view of one call, to draw. Load `sandbox.url` in a frame (it
 * is on the sandbox origin, with the view's CSP as its HTTP header and `sandbox.allow` as the frame's `allow`), wait
 * for its `ui/notifications/sandbox-proxy-ready`, then post it `ui/notifications/sandbox-resource-ready` with `html`.
 */
export const toolViewResponseSchema = z.object({
  toolCallId: z.string(),
  resourceUri: z.string(),
  /** `text/html;profile=mcp-app`. */
  mimeType: z.string(),
  html: z.string(),
  csp: viewCspSchema.optional(),
  permissions: viewPermissionsSchema.optional(),
  /** The origin the server asked for (host-dependent; this server draws every view on its one sandbox origin). */
  domain: z.string().optional(),
  prefersBorder: z.boolean().optional(),
  sandbox: z.object({
    /** The sandbox proxy page for this view, on the sandbox origin. */
    url: z.string(),
    /** The origin messages from the sandbox come from, and are posted to. */
    origin: z.string(),
    /** The frame's `allow` (Permissions Policy) from `permissions`; empty for none. */
    allow: z.string(),
    /** The CSP the page holding the view is served with. */
    csp: z.string(),
  }),
});
export type ToolViewResponse = z.infer<typeof toolViewResponseSchema>;

/** POST /sessions/:sessionId/calls/:toolCallId/view/tools-call: the view's `tools/call`, to its own server. */
export const viewToolCallSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
});
export type ViewToolCall = z.infer<typeof viewToolCallSchema>;

/** POST /sessions/:sessionId/calls/:toolCallId/view/resources-read: the view's `resources/read`, to its own server. */
export const viewReadResourceSchema = z.object({
  uri: z.string().min(1),
});
export type ViewReadResource = z.infer<typeof viewReadResourceSchema>;
