import type { ToolResultPart } from '@agent-chat/protocol';
import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import { elementHostContext } from '../../context/element-host.js';
import { tokens } from '../../ui/tokens.js';
import { UploadUrls } from '../../ui/upload-urls.js';

/**
 * What a tool's result holds for the user alone (the tool_result's `display`: an MCP tool's content annotated
 * `audience: ["user"]`): its text as text, its images as images. The model never saw it, so it is drawn in the
 * open under the step, not folded away with the result the model read.
 *
 * @csspart tool-display - The parts of a result shown to the user only.
 */
export class ToolDisplay extends LitElement {
  static override properties = { parts: { attribute: false } };
  declare parts: readonly ToolResultPart[];

  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #uploads = new UploadUrls(this, () => this.#host.value?.client());

  constructor() {
    super();
    this.parts = [];
  }

  protected override willUpdate(): void {
    this.#uploads.want(this.parts.flatMap((part) => (part.type === 'image' && part.uploadId !== undefined ? [part.uploadId] : [])));
  }

  protected override render() {
    if (this.parts.length === 0) return nothing;
    return html`<div class="display" part="tool-display">
      ${this.parts.map((part) => {
        if (part.type === 'text') return html`<p class="text">${part.text}</p>`;
        const src = part.data !== undefined ? `data:${part.mediaType};base64,${part.data}` : part.uploadId && this.#uploads.url(part.uploadId);
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
