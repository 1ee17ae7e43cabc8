// What the MCP Apps over AG-UI test (ag-ui-mcp-apps.test.ts) and its agent (ag-ui-mcp-apps-agent.ts) share: where
// the agent and the sandbox page are mounted on the test server, and what is said.

/** The AG-UI agent (not ours: @ag-ui/client's AbstractAgent behind the official MCPAppsMiddleware). */
export const AG_UI_APPS_PATH = '/api/ag-ui-mcp-apps';
/** The MCP Apps requests the middleware answered, by thread: GET `${AG_UI_APPS_PATH}/proxied?threadId=…`. */
export const AG_UI_APPS_PROXIED = `${AG_UI_APPS_PATH}/proxied`;
/** An agent-chat server whose only use here is its sandbox page, reached on the sandbox origin (`localhost`). */
export const AG_UI_APPS_SANDBOX_MOUNT = '/api/ag-ui-mcp-apps-sandbox';
export const AG_UI_APPS_SANDBOX_PAGE = `${AG_UI_APPS_SANDBOX_MOUNT}/apps/sandbox`;

/** What the user asks: the agent calls the official server's `get-time`, whose view shows the time. */
export const AG_UI_APPS_ASK = 'What time is it on the server?';
/** What the agent says before it calls the tool. */
export const AG_UI_APPS_SAYS = 'Let me ask the server.';

/** One MCP request a view sent through the agent, as the middleware was asked it. */
export interface ProxiedRequest {
  method: string;
  params?: Record<string, unknown>;
  serverId?: string;
}
