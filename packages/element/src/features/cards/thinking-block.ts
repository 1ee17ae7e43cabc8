import { LitElement, css, html } from 'lit';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { iconStyles, spinner } from '../../ui/icons.js';

/**
 * The model's thinking: collapsed by default and dimmed, so it is there for the curious and out of the way
 * otherwise. A native `<details>`: keyboard and screen readers get expand/collapse for free.
 *
 * @csspart thinking - A thinking block.
 * @csspart thinking-summary - A thinking block's toggle.
 */
export class ThinkingBlock extends LitElement {
  static override properties = {
    text: {},
    streaming: { type: Boolean, reflect: true },
  };

  declare text: string;
  declare streaming: boolean;

  readonly #strings = new Texts(this, cardTextsEn);

  constructor() {
    super();
    this.text = '';
    this.streaming = false;
  }

  protected override render() {
    const t = this.#strings.value;
    return html`<details part="thinking">
      <summary part="thinking-summary">
        ${this.streaming ? spinner : ''}<span>${this.streaming ? t.thinking : t.thoughtProcess}</span>
      </summary>
      <div class="text">${this.text}</div>
    </details>`;
  }

  static override styles = [
    tokens,
    focusRing,
    iconStyles,
    css`
      :host {
        display: block;
      }
      details {
        color: var(--_muted);
        font-size: 0.92em;
      }
      summary {
        display: flex;
        align-items: center;
        gap: 6px;
        cursor: pointer;
        width: fit-content;
        padding-block: 2px;
        user-select: none;
        border-radius: 4px;
      }
      summary::before {
        content: '';
        width: 0.4em;
        height: 0.4em;
        border-inline-end: 1.5px solid currentColor;
        border-block-end: 1.5px solid currentColor;
        transform: rotate(-45deg);
      }
      :host(:dir(rtl)) summary::before {
        transform: rotate(135deg);
      }
      details[open] > summary::before {
        transform: rotate(45deg);
      }
      summary::-webkit-details-marker {
        display: none;
      }
      summary {
        list-style: none;
      }
      .text {
        margin-block-start: 4px;
        margin-inline-start: 2px;
        padding-inline-start: 10px;
        border-inline-start: 2px solid var(--_border);
        font-style: italic;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-thinking': ThinkingBlock;
  }
}
