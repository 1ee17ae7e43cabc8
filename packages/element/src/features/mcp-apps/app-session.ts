import type { ToolViewResponse } from '@agent-chat/protocol';
import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
  type McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ViewRequests } from './view-requests.js';

type CallToolResult = Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
type ReadResourceResult = Awaited<ReturnType<NonNullable<AppBridge['onreadresource']>>>;

/** What the view may ask of the page, answered by the element. */
export interface AppHost {
  readonly requests: ViewRequests;
  /** The tool call's input, given to the view once it is ready. */
  readonly input: Record<string, unknown>;
  /** The host context as it is now (theme, locale, room). */
  context(): McpUiHostContext;
  /** The view asks for a height (its content's): the frame takes it, up to the most it may. */
  resize(height: number): void;
  /** The view sends a message as the user (`ui/message`). False when it cannot be sent now. */
  send(text: string): boolean;
  /** The view asks for a link to open (`ui/open-link`). False when it was not opened. */
  openLink(url: string): boolean;
}

const HOST_INFO = { name: 'agent-chat', version: '0.1.0' };

/**
 * One view's life in its frame, on the official host bridge (AppBridge): the sandbox page says it is ready and gets
 * the view's HTML; the view initializes and is told the host context, then the call's input and, once there, its
 * result; what it asks (a tool of its server, a resource, a message, a link, a size) is answered through `host`.
 * Without an MCP client in the page: the view's server calls go through the agent server's proxy routes.
 */
export class AppSession {
  readonly #bridge: AppBridge;
  readonly #aborted = new AbortController();
  #initialized = false;
  #result: McpUiToolResultNotification['params'] | undefined;
  #resultSent = false;
  #closed = false;

  constructor(
    frame: Window,
    readonly view: ToolViewResponse,
    readonly host: AppHost,
  ) {
    const bridge = (this.#bridge = new AppBridge(
      null,
      HOST_INFO,
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} } },
      { hostContext: host.context() },
    ));
    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({
        html: view.html,
        ...(view.csp ? { csp: view.csp } : {}),
        ...(view.permissions ? { permissions: view.permissions } : {}),
      });
    };
    bridge.oninitialized = () => {
      this.#initialized = true;
      void bridge.sendToolInput({ arguments: host.input });
      this.#sendResult();
    };
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number') host.resize(height);
    };
    bridge.oncalltool = async ({ name, arguments: args }) =>
      (await host.requests.callTool(name, args, this.#aborted.signal)) as CallToolResult;
    bridge.onreadresource = async ({ uri }) => (await host.requests.readResource(uri, this.#aborted.signal)) as ReadResourceResult;
    bridge.onmessage = async ({ content }) => {
      const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
      return text && host.send(text) ? {} : { isError: true };
    };
    bridge.onopenlink = async ({ url }) => (host.openLink(url) ? {} : { isError: true });
    // Only the inline mode for now: whatever the view asks, it stays in the conversation.
    bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
    bridge.onloggingmessage = () => undefined;
    void bridge.connect(new PostMessageTransport(frame, frame));
  }

  /** The call's result, sent once the view is ready (or now if it is). */
  result(result: McpUiToolResultNotification['params']): void {
    this.#result = result;
    this.#sendResult();
  }

  /** The call ended without a result for the view (stopped, denied). */
  cancelled(reason: string): void {
    if (this.#initialized && !this.#resultSent && !this.#closed) {
      this.#resultSent = true;
      void this.#bridge.sendToolCancelled({ reason });
    }
  }

  /** The host context changed (theme, size): told to a ready view. */
  contextChanged(): void {
    if (!this.#initialized || this.#closed) return;
    const context = this.host.context();
    this.#bridge.setHostContext(context);
  }

  /** The view leaves the page: it is told to tear down (briefly waited for), then the bridge closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#aborted.abort();
    if (this.#initialized) {
      await Promise.race([
        this.#bridge.teardownResource({}).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    }
    await this.#bridge.close().catch(() => undefined);
  }

  #sendResult(): void {
    if (!this.#initialized || this.#resultSent || !this.#result || this.#closed) return;
    this.#resultSent = true;
    void this.#bridge.sendToolResult(this.#result);
  }
}
