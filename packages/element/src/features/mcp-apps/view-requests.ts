import type { ToolViewResponse } from '@agent-chat/protocol';
import type { AgentTransport } from '../../transport/transport.js';

/**
 * The server's routes for one call's view (GET its document, POST its `tools/call` and `resources/read`), through the
 * element's client so the host's headers and credentials go with them. The server sends each to the view's own MCP
 * server, for the session's owner, and refuses what the view may not do.
 */
export class ViewRequests {
  readonly #base: string;

  constructor(
    readonly client: AgentTransport,
    sessionId: string,
    toolCallId: string,
  ) {
    this.#base = `/sessions/${encodeURIComponent(sessionId)}/calls/${encodeURIComponent(toolCallId)}/view`;
  }

  async view(signal: AbortSignal): Promise<ToolViewResponse> {
    return (await this.client.request(this.#base, { signal })).json() as Promise<ToolViewResponse>;
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
