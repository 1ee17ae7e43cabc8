import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import { adapterContext } from '../../context/adapter-context.js';
import { en } from '../../i18n/strings.js';
import { Texts } from '../../i18n/texts.js';
import { MarkdownController } from '../../ui/markdown/markdown-controller.js';
import { markdownStyles } from '../../ui/markdown/markdown-styles.js';
import { tokens } from '../../ui/tokens.js';

/** Who wrote a message. Not `role`: that attribute is ARIA's, and `user` is no ARIA role. */
export type MessageSender = 'user' | 'assistant';

/**
 * One message: the user's, right-aligned and shown as the plain text they typed, or the assistant's, rendered
 * as markdown as it streams in (markdown/). Item references in the assistant's text (`[[F-1]]`, `[F-1]`) are
 * chips that fire `agent-chat-reference` with `detail: { id }`.
 *
 * @csspart bubble - A message; with `user` or `assistant`.
 * @csspart user - The user's message bubble.
 * @csspart assistant - The agent's message bubble.
 */
export class MessageBubble extends LitElement {
  static override properties = {
    sender: { reflect: true },
    text: {},
    streaming: { type: Boolean, reflect: true },
    allowImages: { type: Boolean, attribute: 'allow-images' },
  };

  declare sender: MessageSender;
  declare text: string;
  declare streaming: boolean;
  /** Show markdown images (http/https only) in the assistant's text; by default their alt text is shown. */
  declare allowImages: boolean;

  readonly #adapter = new ContextConsumer(this, { context: adapterContext, subscribe: true });
  readonly #strings = new Texts(this, en);
  /** @internal The markdown renderer (its `markdown.stats` are for tests). */
  readonly markdown = new MarkdownController(this, { allowImages: false });

  constructor() {
    super();
    this.sender = 'assistant';
    this.text = '';
    this.streaming = false;
    this.allowImages = false;
  }

  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    if (this.sender !== 'assistant') return true;
    // Images: the bubble's own attribute, or the host's say (adapter.allowImages). Texts: the shell's table.
    const images = this.allowImages || this.#adapter.value?.allowImages === true;
    const strings = this.#strings.value;
    let shown = false;
    if (this.markdown.configure({ allowImages: images, strings }) || changed.has('text') || changed.has('streaming') || changed.has('sender')) {
      shown = this.markdown.set(this.text, this.streaming);
    }
    // A streaming delta that the markdown keeps for its next frame renders nothing now.
    return shown || !(this.streaming && changed.size === 1 && changed.has('text'));
  }

  /**
   * Also waits for a pending frame of markdown and for its code blocks' highlighting, so `await
   * bubble.updateComplete` shows the latest text as it will stay.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let settled = await super.getUpdateComplete();
    const frame = this.markdown.pendingFrame;
    if (frame) {
      await frame;
      settled = await super.getUpdateComplete();
    }
    await this.markdown.highlighted();
    return settled;
  }

  protected override render() {
    if (this.sender !== 'assistant') {
      return html`<div class="bubble" part="bubble user">${this.text}${this.streaming
        ? html`<span class="caret" aria-hidden="true"></span>`
        : nothing}</div>`;
    }
    return html`<div class="bubble markdown" part="bubble assistant">${this.markdown.markdown.view()}</div>`;
  }

  static override styles = [
    tokens,
    markdownStyles,
    css`
      :host {
        display: flex;
      }
      :host([sender='user']) {
        justify-content: flex-end;
      }
      .bubble {
        max-width: 85%;
        padding: 8px 12px;
        border-radius: var(--_radius);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
        background: var(--_assistant-bg);
        color: var(--_assistant-fg);
      }
      :host([sender='user']) .bubble {
        background: var(--_user-bg);
        color: var(--_user-fg);
        border-bottom-right-radius: 4px;
      }
      :host([sender='assistant']) .bubble {
        border-bottom-left-radius: 4px;
      }
      /* The user's caret only: the reply's is the markdown's trailer (markdown-styles.ts), also of class caret, which
         this rule drew a second time and kept blinking on every frame of a stream. */
      :host([sender='user']) .caret {
        display: inline-block;
        width: 0.5em;
        height: 1em;
        margin-left: 2px;
        vertical-align: text-bottom;
        background: currentColor;
        opacity: 0.5;
        animation: blink 1s step-end infinite;
      }
      @keyframes blink {
        50% {
          opacity: 0;
        }
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-message': MessageBubble;
  }
}
