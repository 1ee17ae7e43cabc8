import type { ToolResultPart } from '@agent-chat/protocol';
import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import { elementHostContext } from '../../context/element-host.js';
import { tokens } from '../../ui/tokens.js';

/**
 * Images kept as uploads, by upload id: fetched once per page with the host's headers (GET /uploads/:id answers only
 * the owner, and an <img src> could send no headers), kept as object URLs.
 */
const fetched = new Map<string, Promise<string | undefined>>();

/**
 * What a tool's result holds for the user alone (the tool_result's `display`: an MCP tool's content annotated
 * `audience: ["user"]`): its text as text, its images as images. The model never saw it, so it is drawn in the
 * open under the step, not folded away with the result the model read.
 *
 * @csspart tool-display - The parts of a result shown to the user only.
 */
export class ToolDisplay extends LitElement {
  static override properties = { parts: { attribute: false }, urls: { state: true } };
  declare parts: readonly ToolResultPart[];
  /** @internal Object URLs of the uploaded images fetched so far. */
  declare urls: Record<string, string>;

  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });

  constructor() {
    super();
    this.parts = [];
    this.urls = {};
  }

  protected override willUpdate(): void {
    const client = this.#host.value?.client();
    for (const part of this.parts) {
      if (part.type !== 'image' || part.uploadId === undefined || !client || part.uploadId in this.urls) continue;
      const id = part.uploadId;
      let url = fetched.get(id);
      if (!url) {
        url = client.request(`/uploads/${encodeURIComponent(id)}`).then(
          async (response) => URL.createObjectURL(await response.blob()),
          () => {
            // Asked again at the next draw: a failure now (offline, headers not ready) must not hide it for good.
            fetched.delete(id);
            return undefined;
          },
        );
        fetched.set(id, url);
      }
      void url.then((value) => {
        if (value && this.urls[id] !== value) this.urls = { ...this.urls, [id]: value };
      });
    }
  }

  protected override render() {
    if (this.parts.length === 0) return nothing;
    return html`<div class="display" part="tool-display">
      ${this.parts.map((part) => {
        if (part.type === 'text') return html`<p class="text">${part.text}</p>`;
        const src = part.data !== undefined ? `data:${part.mediaType};base64,${part.data}` : part.uploadId && this.urls[part.uploadId];
        return src ? html`<img src=${src} alt="" />` : nothing;
      })}
    </div>`;
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      .display {
        display: flex;
        flex-direction: column;
        gap: 6px;
        margin-block-start: 6px;
      }
      .text {
        margin: 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      img {
        max-width: 100%;
        max-height: 20em;
        align-self: flex-start;
        border-radius: var(--_radius-small);
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-tool-display': ToolDisplay;
  }
}
