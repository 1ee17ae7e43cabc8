import type { ViewCsp, ViewPermissions } from '@agent-chat/protocol';

/** The document a view is drawn from: its `ui://` resource as its server gave it, with what its `_meta.ui` declares. */
export interface ViewDocument {
  uri: string;
  mimeType: string;
  html: string;
  csp?: ViewCsp;
  permissions?: ViewPermissions;
  domain?: string;
  prefersBorder?: boolean;
}

/** Who a view's request is for: the owner of the session the view was drawn in. */
export interface ViewCaller {
  sessionId: string;
  principal: string;
  signal: AbortSignal;
}

/** What a view's request came to: the server's answer, or a refusal the route says with its status. */
export type ViewOutcome =
  | { ok: true; result: unknown }
  | { ok: false; status: 400 | 403 | 404 | 502; message: string; field?: string };

/**
 * A tool's interactive view (MCP Apps), as the routes reach it without knowing MCP: the mcp entry builds one for each
 * tool whose server declares a `ui://` resource for it, and the view routes find it through the call's tool.
 */
export interface ToolView {
  readonly resourceUri: string;
  /** Who serves it, as the user reads it. */
  readonly server: string;
  /** The view's document (read once, then kept until the server says its resources changed). */
  document(): Promise<ViewDocument>;
  /**
   * The view calls a tool of its own server: refused unless the server lists it, lets the app call it (its
   * visibility includes `app`) and it needs no approval, which a view's call has no way to ask for.
   */
  callTool(name: string, args: Record<string, unknown>, caller: ViewCaller): Promise<ViewOutcome>;
  /** The view reads a resource of its own server. */
  readResource(uri: string, caller: ViewCaller): Promise<ViewOutcome>;
}
