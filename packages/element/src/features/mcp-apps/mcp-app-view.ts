import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { ToolCallTurn, ToolResultTurn, ToolViewResponse } from '@agent-chat/protocol';
import { conversationContext } from '../../context/conversation-context.js';
import { elementHostContext } from '../../context/element-host.js';
import type { ToolStepState } from '../../core/turns/display-items.js';
import { parsePartialJson } from '../../core/partial-json.js';
import { format } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { AppSession } from './app-session.js';
import { callResult } from './call-result.js';
import { DisplayMode } from './display-mode.js';
import { hostContext, type ViewRoom } from './host-context.js';
import { mcpAppsEn } from './mcp-app-strings.js';
import { mcpAppStyles } from './mcp-app-styles.js';
import { clearViewContext, setViewContext } from './model-context.js';
import { openViewLink } from './open-view-link.js';
import { themeProbes, themeProbeStyles } from './theme-variables.js';
import { viewRequests } from './view-requests.js';

/** The most an inline view grows to when the page's CSS says nothing usable (`--agent-chat-app-max-height`). */
const MAX_HEIGHT = 640;

/**
 * A tool call drawn as its MCP server's interactive view (MCP Apps): a frame of the server's sandbox page, on an
 * origin of its own, holding the view, which talks to the page only through the official host bridge (AppBridge,
 * app-session.ts). Drawn as soon as the call is known to have a view, so the view sees its input as the model
 * writes it, then its result; or as stored: a reload draws it again. Inline in the conversation, full screen or
 * floating in a corner, as the view asks (display-mode.ts). Torn down when it leaves the page, and started anew if
 * it comes back (a frame moved in the page reloads anyway).
 *
 * @csspart mcp-app - The box holding the view's frame and, full screen or floating, the bar above it (whose view it
 *   is, and the way back). Full screen it fills the viewport; floating, it sits in the bottom corner on the inline end.
 * @csspart mcp-app-frame - The view's frame.
 * @csspart mcp-app-exit - The bar's button that brings a full-screen or floating view back into the conversation.
 *
 * @cssprop --agent-chat-app-max-height - The most an inline view grows to, whatever height it asks for (default 640px; it scrolls inside past it).
 * @cssprop --agent-chat-app-pip-width - The width of a floating (picture-in-picture) view (default 320px).
 * @cssprop --agent-chat-app-pip-max-height - The most a floating view grows to (default 50vh).
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
  readonly #mode = new DisplayMode(this, () => this.#session?.contextChanged());
  #view: ToolViewResponse | undefined;
  #session: AppSession | undefined;
  /** The view being fetched or shown: the call it is for, the session its context goes with, what stops its requests. */
  #started: { callId: string; sessionId: string; aborted: AbortController } | undefined;
  #error: string | undefined;
  /** The view could not be had while the call's input streamed: it is asked for again once the call is whole. */
  #retryWhole = false;
  #locale: string | undefined;
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
    // A probe's transition ended: the theme changed (see theme-variables.ts).
    this.renderRoot.addEventListener('transitionend', this.#themeChanged);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resized.disconnect();
    this.renderRoot.removeEventListener('transitionend', this.#themeChanged);
    this.#stop();
  }

  protected override render() {
    const t = this.#strings.value;
    if (this.#error) return html`<p class="note" role="status">${format(t.appFailed, { message: this.#error })}</p>`;
    const view = this.#view;
    if (!view) return html`<p class="note">${t.appLoading}</p>`;
    const title = format(t.appTitle, { server: this.call?.view?.server ?? view.sandbox.origin });
    const mode = this.#mode.mode;
    const away = mode !== 'inline';
    // One template whatever the mode: the frame is never drawn anew (that would reload the view).
    return html`<div class="app" part="mcp-app" popover=${away ? 'manual' : nothing}>
        ${away
          ? html`<div class="bar">
              <span class="title">${title}</span>
              <button type="button" part="mcp-app-exit" @click=${() => void this.#mode.set('inline')}>
                ${mode === 'fullscreen' ? t.appExitFullscreen : t.appExitPip}
              </button>
            </div>`
          : nothing}
        <iframe
          part="mcp-app-frame"
          title=${title}
          sandbox="allow-scripts allow-same-origin allow-forms"
          allow=${view.sandbox.allow || nothing}
          referrerpolicy="no-referrer"
          style=${mode === 'fullscreen' ? nothing : `height: ${this.#height}px`}
        ></iframe>
      </div>
      ${away ? html`<p class="note">${mode === 'fullscreen' ? t.appShownFullscreen : t.appShownPip}</p>` : nothing}
      ${themeProbes}`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const host = this.#host.value;
    const call = this.call;
    if (this.#retryWhole && !isStreaming(call)) this.#retryWhole = false;
    if (!this.#started && !this.#retryWhole && call?.view && host && this.isConnected) this.#start(call);
    if (this.#session && (changed.has('call') || changed.has('result') || changed.has('state'))) this.#tellCall();
    // The element's language is the view's: told again when the page changes it.
    if (host && host.locale !== this.#locale) {
      this.#locale = host.locale;
      this.#session?.contextChanged();
    }
  }

  #start(call: ToolCallTurn): void {
    const host = this.#host.value!;
    const client = host.client();
    if (!client) return;
    const aborted = new AbortController();
    this.#started = { callId: call.toolCallId, sessionId: host.sessionId, aborted };
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
        this.#resized.observe(frame);
        const called = { toolCallId: call.toolCallId, tool: call.name, server: call.view?.server };
        this.#session = new AppSession(frame.contentWindow, view, {
          requests,
          context: () => hostContext(this.renderRoot, this.#host.value?.locale, this.#room()),
          resize: (height) => {
            this.#height = Math.ceil(height);
            this.requestUpdate();
          },
          send: (text) => {
            const conversation = this.#conversation.value;
            if (!conversation) return false;
            conversation.send(text).catch(() => undefined);
            return true;
          },
          openLink: (url) => openViewLink(this.#host.value?.adapter, { url, ...called }),
          displayMode: (mode) => this.#mode.set(mode),
          modelContext: (update) => setViewContext(host.sessionId, called, update),
          sandboxLost: () => {
            // Closed and not started again (#started stays): a view that navigates its sandbox would only loop.
            void this.#session?.close();
            this.#session = undefined;
            this.#view = undefined;
            clearViewContext(host.sessionId, call.toolCallId);
            this.#error = this.#strings.value.appSandboxLost;
            this.requestUpdate();
          },
        });
        // Connected before the sandbox page loads, so its first word (sandbox-proxy-ready) is heard.
        frame.src = view.sandbox.url;
        this.#tellCall();
      },
      (error: unknown) => {
        if (aborted.signal.aborted) return;
        if (isStreaming(this.call)) {
          // A server that cannot give the view of a call not stored yet: asked again once the call is whole.
          this.#started = undefined;
          this.#retryWhole = true;
          return;
        }
        this.#error = error instanceof Error ? error.message : String(error);
        this.requestUpdate();
      },
    );
  }

  /** The call so far, told to the view: its input as it streams, then whole, then its result or that it ended without one. */
  #tellCall(): void {
    const session = this.#session!;
    const call = this.call;
    // While the model writes the input, the turn holds its JSON text so far (apply-event.ts), read leniently.
    if (isStreaming(call)) {
      const partial = parsePartialJson(call.text);
      if (isRecord(partial)) session.partialInput(partial);
    } else if (call) session.input(isRecord(call.input) ? call.input : {});
    if (this.result && !this.result.stopped) session.result(callResult(this.result));
    else if (this.state === 'stopped' || this.state === 'failed' || this.state === 'interrupted' || this.result?.stopped) {
      session.cancelled(this.state);
    }
  }

  /** The room the view's frame has where it is drawn now. */
  #room(): ViewRoom {
    const frame = this.renderRoot.querySelector('iframe');
    const mode = this.#mode.mode;
    const width = frame?.clientWidth || this.clientWidth;
    if (mode === 'fullscreen') return { mode, width, height: { fixed: frame?.clientHeight || innerHeight } };
    const max = frame ? parseFloat(getComputedStyle(frame).maxHeight) : NaN;
    return { mode, width, height: { max: Number.isFinite(max) ? max : MAX_HEIGHT } };
  }

  readonly #themeChanged = (): void => {
    this.#session?.contextChanged();
  };

  #stop(): void {
    const started = this.#started;
    started?.aborted.abort();
    if (started) clearViewContext(started.sessionId, started.callId);
    this.#started = undefined;
    void this.#session?.close();
    this.#session = undefined;
    this.#view = undefined;
    this.#error = undefined;
    this.#retryWhole = false;
    this.#height = 0;
  }

  static override styles = [tokens, focusRing, themeProbeStyles, mcpAppStyles];
}

/** The call's input is still streaming: its turn holds the JSON text so far, not an input. */
function isStreaming(call: ToolCallTurn | undefined): call is ToolCallTurn & { text: string } {
  return typeof (call as { text?: unknown } | undefined)?.text === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-mcp-app': McpAppView;
  }
}
