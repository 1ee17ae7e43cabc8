import type { ToolView, ViewOutcome } from '../../tools/tool-view.js';
import type { McpConnection } from '../connection.js';
import type { McpToolInfo } from '../options.js';
import type { ViewDocuments } from './view-documents.js';
import { forApp } from './view-meta.js';

/** What the views of one MCP server share: its connection, its documents, its tools as listed now. */
export interface McpViewHost {
  connection: McpConnection;
  documents: ViewDocuments;
  /** The server's tool of that MCP name, as listed now and let through by `allow`; undefined otherwise. */
  tool(name: string): McpToolInfo | undefined;
  /** Whether a call of the tool waits for the user's approval, decided as for the model's calls. */
  needsConfirmation(tool: McpToolInfo): boolean;
  timeoutMs: number;
}

/**
 * The view of one tool: its document, and the view's own requests, which go to this server only. A tool the view
 * calls must be listed, callable by apps (`visibility` with `app`, the default) and need no approval: the model's
 * calls of such a tool wait for the user's yes on a card, and a click inside a view is not that yes.
 */
export function mcpToolView(resourceUri: string, host: McpViewHost): ToolView {
  const { connection } = host;
  return {
    resourceUri,
    get server() {
      return connection.serverName() ?? 'an MCP server';
    },
    document: () => host.documents.get(resourceUri),
    async callTool(name, args, caller): Promise<ViewOutcome> {
      const tool = host.tool(name);
      if (!tool) return { ok: false, status: 404, field: 'name', message: `name: the view's server offers no tool "${name}"` };
      if (!forApp(tool)) {
        return { ok: false, status: 403, field: 'name', message: `name: the tool "${name}" is for the model only (its visibility leaves out "app")` };
      }
      if (host.needsConfirmation(tool)) {
        return {
          ok: false,
          status: 403,
          field: 'name',
          message: `name: the tool "${name}" asks the user's approval before it runs, which a call from a view cannot give; the agent can call it`,
        };
      }
      try {
        const result = await connection.callTool(name, args, { timeoutMs: host.timeoutMs, tool });
        return { ok: true, result };
      } catch (error) {
        if (caller.signal.aborted) return { ok: false, status: 502, message: 'The request was given up before the server answered.' };
        return { ok: false, status: 502, message: `The MCP server failed the call: ${(error as Error).message}` };
      }
    },
    async readResource(uri, caller) {
      try {
        return { ok: true, result: await connection.readResource(uri, caller.signal) };
      } catch (error) {
        return { ok: false, status: 502, field: 'uri', message: `uri: the MCP server could not read ${uri}: ${(error as Error).message}` };
      }
    },
  };
}
