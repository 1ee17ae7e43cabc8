import type { ToolViewResponse } from '@agent-chat/protocol';
import {
  AppBridge,
  PostMessageTransport,
  type McpUiDisplayMode,
  type McpUiHostContext,
  type McpUiToolResultNotification,
  type McpUiUpdateModelContextRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ViewRequests } from './view-requests.js';

type CallToolResult = Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
type ReadResourceResult = Awaited<ReturnType<NonNullable<AppBridge['onreadresource']>>>;
type Arguments = Record<string, unknown>;

/** What the view may ask of the page, answered by the element. */
export interface AppHost {
  readonly requests: ViewRequests;
  /** The host context as it is now (theme, locale, display mode, room). */
  context(): McpUiHostContext;
  /** The view asks for a height (its content's): the frame takes it, up to the most it may. */
  resize(height: number): void;
  /** The view sends a message as the user (`ui/message`). False when it cannot be sent now. */
  send(text: string): boolean;
  /** The view asks for a link to open (`ui/open-link`). False when it was not opened. */
  openLink(url: string): Promise<boolean>;
  /** The view asks to be drawn another way (`ui/request-display-mode`): the mode it is drawn in now. */
  displayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode>;
  /** What the view wants the model to know from now on (`ui/update-model-context`), in place of what it said before. */
  modelContext(update: McpUiUpdateModelContextRequest['params']): void;
  /** The sandbox page loaded again, not from the host: the view is over (it is not sent there again). */
  sandboxLost(): void;
}

const HOST_INFO = { name: 'agent-chat', version: '0.1.0' };

/**
 * One view's life in its frame, on the official host bridge (AppBridge): the sandbox page says it is ready and gets
 * the view's HTML; the view initializes and is told the host context, then the call's input as the model writes it
 * (partial) and whole, and, once there, its result; what it asks (a tool of its server, a resource, a message, a
 * link, a size, a display mode, the model's context) is answered through `host`. Without an MCP client in the page:
 * the view's server calls go through the agent server's proxy routes.
 */
export class AppSession {
  readonly #bridge: AppBridge;
  readonly #aborted = new AbortController();
  #initialized = false;
  /** The input so far while it streams: only the latest is worth telling. */
  #partial: Arguments | undefined;
  #input: Arguments | undefined;
  #inputSent = false;
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
      {
        openLinks: {},
        serverTools: {},
        serverResources: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {}, structuredContent: {} },
      },
      { hostContext: host.context() },
    ));
    let sent = false;
    bridge.onsandboxready = () => {
      // Once. A sandbox page that says it is ready again was navigated: by the view itself, perhaps (it shares the
      // page's origin), to a URL whose policy is not the one its server declared; the view must not run under it.
      if (sent) return host.sandboxLost();
      sent = true;
      void bridge.sendSandboxResourceReady({
        html: view.html,
        ...(view.csp ? { csp: view.csp } : {}),
        ...(view.permissions ? { permissions: view.permissions } : {}),
      });
    };
    bridge.oninitialized = () => {
      this.#initialized = true;
      // What changed while the view loaded (it was answered with the context the bridge was made with).
      this.contextChanged();
      this.#sendInput();
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
    bridge.onopenlink = async ({ url }) => ((await host.openLink(url)) ? {} : { isError: true });
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: await host.displayMode(mode) });
    bridge.onupdatemodelcontext = async (update) => {
      host.modelContext(update);
      return {};
    };
    bridge.onloggingmessage = () => undefined;
    void bridge.connect(new PostMessageTransport(frame, frame));
  }

  /** The call's input as far as the model wrote it: told to a ready view until the whole input is in. */
  partialInput(args: Arguments): void {
    if (this.#input) return;
    this.#partial = args;
    if (this.#initialized && !this.#closed) void this.#bridge.sendToolInputPartial({ arguments: args });
  }

  /** The call's whole input, told once (now, or when the view is ready). */
  input(args: Arguments): void {
    this.#input ??= args;
    this.#sendInput();
  }

  /** The call's result, sent once the view has its input (now if it has). */
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

  /** The host context changed (theme, size, display mode): what differs is told to a ready view. */
  contextChanged(): void {
    if (!this.#initialized || this.#closed) return;
    this.#bridge.setHostContext(this.host.context());
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

  #sendInput(): void {
    if (!this.#initialized || this.#closed || this.#inputSent) return;
    if (!this.#input) {
      // Ready while the input streams: what there is so far, then each piece as it comes.
      if (this.#partial) void this.#bridge.sendToolInputPartial({ arguments: this.#partial });
      return;
    }
    this.#inputSent = true;
    void this.#bridge.sendToolInput({ arguments: this.#input });
    this.#sendResult();
  }

  #sendResult(): void {
    if (!this.#inputSent || this.#resultSent || !this.#result || this.#closed) return;
    this.#resultSent = true;
    void this.#bridge.sendToolResult(this.#result);
  }
}
