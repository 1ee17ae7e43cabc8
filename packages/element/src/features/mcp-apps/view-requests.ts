import type { ToolCallTurn, ToolViewResponse } from '@agent-chat/protocol';
import type { ElementHost } from '../../context/element-host.js';
import { AgUiViewRequests } from '../../transport/ag-ui/view-requests.js';
import type { AgentTransport, ViewRequests } from '../../transport/transport.js';

export type { ViewRequests };

/**
 * The view's source for the element's transport: an agent-chat server's view routes, or an AG-UI agent's runs (its
 * views drawn in the page's sandbox page, `apps-sandbox`).
 */
export function viewRequests(client: AgentTransport, host: ElementHost, call: ToolCallTurn): ViewRequests {
  return client.transport === 'ag-ui'
    ? new AgUiViewRequests(client, host.sessionId, call.toolCallId, host.appsSandbox)
    : new ServerViewRequests(client, host.sessionId, call.toolCallId, call.name);
}

/**
 * An agent-chat server's routes for one call's view (GET its document, POST its `tools/call` and `resources/read`),
 * through the element's client so the host's headers and credentials go with them. The server sends each to the
 * view's own MCP server, for the session's owner, and refuses what the view may not do.
 */
export class ServerViewRequests implements ViewRequests {
  readonly #base: string;
  readonly #tool: string;

  /** `tool`: the call's tool, so the view of a call whose input still streams (not stored yet) is found by it. */
  constructor(
    readonly client: AgentTransport,
    sessionId: string,
    toolCallId: string,
    tool: string,
  ) {
    this.#base = `/sessions/${encodeURIComponent(sessionId)}/calls/${encodeURIComponent(toolCallId)}/view`;
    this.#tool = tool;
  }

  async view(signal: AbortSignal): Promise<ToolViewResponse> {
    const url = `${this.#base}?tool=${encodeURIComponent(this.#tool)}`;
    return (await this.client.request(url, { signal })).json() as Promise<ToolViewResponse>;
  }

  callTool(name: string, args: Record<string, unknown> | undefined, signal: AbortSignal): Promise<unknown> {
    return this.#post('tools-call', { name, ...(args ? { arguments: args } : {}) }, signal);
  }

  readResource(uri: string, signal: AbortSignal): Promise<unknown> {
    return this.#post('resources-read', { uri }, signal);
  }

  async #post(path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const response = await this.client.request(`${this.#base}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    return response.json();
  }
}
