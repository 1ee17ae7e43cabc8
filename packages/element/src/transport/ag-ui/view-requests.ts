import type { ToolViewResponse, ViewCsp, ViewPermissions } from '@agent-chat/protocol';
import { agUiId, threadOf, type McpAppActivity } from '../../core/ag-ui/thread.js';
import { readSseStream } from '../sse-stream.js';
import type { AgentTransport, ViewRequests } from '../transport.js';

/** Where a view's own MCP request goes in an AG-UI run (@ag-ui/mcp-apps-middleware's `ProxiedMCPRequest`). */
const PROXIED = '__proxiedMCPRequest';

/** The frame's `allow` for each permission a view may ask (MCP Apps' `_meta.ui.permissions`). */
const FEATURES: Record<keyof ViewPermissions, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/**
 * The view of a call an AG-UI agent drew (an `mcp-apps` activity, as @ag-ui/mcp-apps-middleware emits it): an AG-UI
 * agent has no view routes, so its document and its `tools/call` and `resources/read` go to the agent as runs of
 * their own, each carrying the MCP request in `forwardedProps.__proxiedMCPRequest` and answered by the run's
 * RUN_FINISHED `result` (the MCP result, or `{ error }`). The agent names the view's server as the activity did.
 * The sandbox page is the page's (`sandbox`, the element's `apps-sandbox`): no view is drawn without one.
 */
export class AgUiViewRequests implements ViewRequests {
  constructor(
    readonly client: AgentTransport,
    readonly sessionId: string,
    readonly toolCallId: string,
    readonly sandbox: string | undefined,
  ) {}

  async view(signal: AbortSignal): Promise<ToolViewResponse> {
    if (!this.sandbox) throw new Error('the page names no sandbox page for the views of an AG-UI agent (the apps-sandbox attribute)');
    const { resourceUri } = this.#app();
    const read = (await this.readResource(resourceUri, signal)) as { contents?: unknown };
    const content = (Array.isArray(read?.contents) ? read.contents : []).find((entry): entry is Record<string, unknown> => isRecord(entry) && entry['uri'] === resourceUri);
    const html = typeof content?.['text'] === 'string' ? content['text'] : typeof content?.['blob'] === 'string' ? decodeBase64(content['blob']) : undefined;
    if (html === undefined) throw new Error(`the agent read no document for ${resourceUri}`);
    const ui = isRecord(content?.['_meta']) && isRecord(content['_meta']['ui']) ? content['_meta']['ui'] : {};
    const csp = isRecord(ui['csp']) ? (ui['csp'] as ViewCsp) : undefined;
    const permissions = isRecord(ui['permissions']) ? (ui['permissions'] as ViewPermissions) : undefined;
    const features = (Object.keys(FEATURES) as (keyof ViewPermissions)[]).filter((key) => permissions?.[key] !== undefined).map((key) => FEATURES[key]);
    // The page's sandbox is told the view's CSP and features as an agent-chat server's sandbox page reads them (a
    // proxy of another kind reads the CSP from sandbox-resource-ready, which carries it too).
    const url = new URL(this.sandbox, location.href);
    url.searchParams.set('csp', JSON.stringify(csp ?? {}));
    if (features.length > 0) url.searchParams.set('allow', features.join(','));
    return {
      toolCallId: this.toolCallId,
      resourceUri,
      mimeType: typeof content?.['mimeType'] === 'string' ? content['mimeType'] : 'text/html;profile=mcp-app',
      html,
      ...(csp ? { csp } : {}),
      ...(permissions ? { permissions } : {}),
      ...(typeof ui['domain'] === 'string' ? { domain: ui['domain'] } : {}),
      ...(typeof ui['prefersBorder'] === 'boolean' ? { prefersBorder: ui['prefersBorder'] } : {}),
      // The sandbox page's own CSP header is its server's to say: the page does not know it.
      sandbox: { url: url.href, origin: url.origin, allow: features.join('; '), csp: '' },
    };
  }

  callTool(name: string, args: Record<string, unknown> | undefined, signal: AbortSignal): Promise<unknown> {
    return this.#proxied('tools/call', { name, ...(args ? { arguments: args } : {}) }, signal);
  }

  readResource(uri: string, signal: AbortSignal): Promise<unknown> {
    return this.#proxied('resources/read', { uri }, signal);
  }

  /** The call's view as its activity told it, kept on the page's thread (core/ag-ui/thread.ts). */
  #app(): McpAppActivity {
    const app = threadOf(this.client.endpoint.replace(/\/+$/, ''), this.sessionId).calls.get(this.toolCallId)?.app;
    if (!app) throw new Error('the agent said nothing of this view');
    return app;
  }

  /** One MCP request of the view, as a run of the agent's; its RUN_FINISHED's result is the answer. */
  async #proxied(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const { serverHash, serverId } = this.#app();
    const input = {
      threadId: this.sessionId,
      runId: agUiId('view'),
      messages: [],
      tools: [],
      context: [],
      forwardedProps: { [PROXIED]: { serverHash, ...(serverId ? { serverId } : {}), method, params } },
    };
    const response = await this.client.request('', {
      method: 'POST',
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      signal,
    });
    if (!response.body) throw new Error('the agent answered the view with nothing');
    for await (const { data } of readSseStream(response.body)) {
      const event = JSON.parse(data) as { type?: string; result?: unknown; message?: string };
      if (event.type === 'RUN_ERROR') throw new Error(event.message || 'the agent refused the view’s request');
      if (event.type !== 'RUN_FINISHED') continue;
      if (isRecord(event.result) && 'error' in event.result) throw new Error(String(event.result['error']));
      return event.result;
    }
    throw new Error('the agent ended its answer to the view without a result');
  }
}

function decodeBase64(blob: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(blob), (char) => char.charCodeAt(0)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
