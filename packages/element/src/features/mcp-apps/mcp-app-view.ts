import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { ToolCallTurn, ToolResultTurn, ToolViewResponse } from '@agent-chat/protocol';
import { conversationContext } from '../../context/conversation-context.js';
import { elementHostContext } from '../../context/element-host.js';
import type { ToolStepState } from '../../core/turns/display-items.js';
import { format } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { tokens } from '../../ui/tokens.js';
import { AppSession } from './app-session.js';
import { callResult } from './call-result.js';
import { hostContext } from './host-context.js';
import { mcpAppsEn } from './mcp-app-strings.js';
import { mcpAppStyles } from './mcp-app-styles.js';
import { viewRequests } from './view-requests.js';

/** The most a view grows to, in CSS pixels, whatever height it asks for (the frame scrolls inside past it). */
const MAX_HEIGHT = 640;

/**
 * A tool call drawn as its MCP server's interactive view (MCP Apps): a frame of the server's sandbox page, on an
 * origin of its own, holding the view, which talks to the page only through the official host bridge (AppBridge,
 * app-session.ts). Drawn from the call and its result as they stream, or as stored: a reload draws it again.
 * Torn down when it leaves the page, and started anew if it comes back (a frame moved in the page reloads anyway).
 */
export class McpAppView extends LitElement {
  static override properties = {
    call: { attribute: false },
    result: { attribute: false },
    state: { reflect: true },
    bordered: { type: Boolean, reflect: true },
  };

  declare call: ToolCallTurn | undefined;
  declare result: ToolResultTurn | undefined;
  declare state: ToolStepState;
  /** The view asked for a border (`prefersBorder`). */
  declare bordered: boolean;

  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #conversation = new ContextConsumer(this, { context: conversationContext, subscribe: true });
  readonly #strings = new Texts(this, mcpAppsEn);
  #view: ToolViewResponse | undefined;
  #session: AppSession | undefined;
  /** The view being fetched or shown: the call it is for, and what stops its requests. */
  #started: { callId: string; aborted: AbortController } | undefined;
  #error: string | undefined;
  #height = 0;
  readonly #resized = new ResizeObserver(() => this.#session?.contextChanged());

  constructor() {
    super();
    this.state = 'running';
    this.bordered = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#resized.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resized.disconnect();
    this.#stop();
  }

  protected override render() {
    const t = this.#strings.value;
    if (this.#error) return html`<p class="note" role="status">${format(t.appFailed, { message: this.#error })}</p>`;
    const view = this.#view;
    if (!view) return html`<p class="note">${t.appLoading}</p>`;
    return html`<iframe
        title=${format(t.appTitle, { server: this.call?.view?.server ?? view.sandbox.origin })}
        sandbox="allow-scripts allow-same-origin allow-forms"
        allow=${view.sandbox.allow || nothing}
        referrerpolicy="no-referrer"
        style="height: ${this.#height}px"
      ></iframe>
      <div class="probe"></div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const host = this.#host.value;
    const call = this.call;
    if (!this.#started && call?.view && host && this.isConnected) this.#start(call);
    if (this.#session && (changed.has('result') || changed.has('state'))) this.#tellOutcome();
  }

  #start(call: ToolCallTurn): void {
    const host = this.#host.value!;
    const client = host.client();
    if (!client) return;
    const aborted = new AbortController();
    this.#started = { callId: call.toolCallId, aborted };
    const requests = viewRequests(client, host, call);
    requests.view(aborted.signal).then(
      async (view) => {
        if (aborted.signal.aborted) return;
        this.#view = view;
        this.bordered = view.prefersBorder === true;
        this.requestUpdate();
        await this.updateComplete;
        const frame = this.renderRoot.querySelector('iframe');
        if (!frame?.contentWindow || aborted.signal.aborted) return;
        this.#session = new AppSession(frame.contentWindow, view, {
          requests,
          input: isRecord(call.input) ? call.input : {},
          context: () => hostContext(this, this.renderRoot.querySelector('.probe'), host.locale, MAX_HEIGHT),
          resize: (height) => {
            this.#height = Math.min(Math.ceil(height), MAX_HEIGHT);
            this.requestUpdate();
          },
          send: (text) => {
            const conversation = this.#conversation.value;
            if (!conversation) return false;
            conversation.send(text).catch(() => undefined);
            return true;
          },
          openLink: (url) => openLink(url),
        });
        // Connected before the sandbox page loads, so its first word (sandbox-proxy-ready) is heard.
        frame.src = view.sandbox.url;
        this.#tellOutcome();
      },
      (error: unknown) => {
        if (aborted.signal.aborted) return;
        this.#error = error instanceof Error ? error.message : String(error);
        this.requestUpdate();
      },
    );
  }

  /** The call's outcome so far, told to the view: its result, or that it ended without one. */
  #tellOutcome(): void {
    const session = this.#session!;
    if (this.result && !this.result.stopped) session.result(callResult(this.result));
    else if (this.state === 'stopped' || this.state === 'failed' || this.state === 'interrupted' || this.result?.stopped) {
      session.cancelled(this.state);
    }
  }

  #stop(): void {
    this.#started?.aborted.abort();
    this.#started = undefined;
    void this.#session?.close();
    this.#session = undefined;
    this.#view = undefined;
    this.#error = undefined;
    this.#height = 0;
  }

  static override styles = [tokens, mcpAppStyles];
}

/** Open a view's link in a new tab, only as the answer to the user's click (in the view): a view cannot open tabs on its own. */
function openLink(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (!navigator.userActivation?.isActive) return false;
  // With noopener, open() returns null whether or not the tab opened.
  window.open(parsed.href, '_blank', 'noopener,noreferrer');
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-app': McpAppView;
  }
}
