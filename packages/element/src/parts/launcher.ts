import { LitElement, css, html, nothing } from 'lit';
import { chatIcon } from '../frames/frame-styles.js';
import { StringsConsumer } from '../i18n/strings-context.js';
import { format } from '../i18n/strings.js';
import { tokens } from '../styles/tokens.js';

/** The round button that opens a floating chat or a drawer, with the count of replies that came while closed. */
export class Launcher extends LitElement {
  static override properties = {
    open: { type: Boolean },
    unread: { type: Number },
  };

  declare open: boolean;
  declare unread: number;

  readonly #strings = new StringsConsumer(this);

  constructor() {
    super();
    this.open = false;
    this.unread = 0;
  }

  protected override render() {
    const unread = this.open ? 0 : this.unread;
    const t = this.#strings.value;
    const label = this.open ? t.closeChat : unread > 0 ? format(t.openChatUnread, { count: unread }) : t.openChat;
    return html`<button type="button" part="launcher" aria-label=${label} aria-expanded=${this.open ? 'true' : 'false'}>
      ${this.open ? html`<span class="close" aria-hidden="true">×</span>` : chatIcon}
      ${unread > 0 ? html`<span class="badge" part="badge" aria-hidden="true">${unread > 99 ? '99+' : unread}</span>` : nothing}
    </button>`;
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: block;
        width: 56px;
        height: 56px;
      }
      button {
        position: relative;
        display: grid;
        place-items: center;
        width: 100%;
        height: 100%;
        padding: 0;
        border: 0;
        border-radius: 50%;
        background: var(--_accent);
        color: var(--_accent-fg);
        box-shadow: var(--_shadow);
        cursor: pointer;
      }
      button:focus-visible {
        outline: 3px solid var(--_accent);
        outline-offset: 3px;
      }
      .close {
        font-size: 28px;
        line-height: 1;
      }
      .badge {
        position: absolute;
        top: -4px;
        right: -4px;
        min-width: 20px;
        height: 20px;
        padding: 0 5px;
        box-sizing: border-box;
        border-radius: 10px;
        background: var(--_danger);
        color: #fff;
        font-size: 12px;
        font-weight: 700;
        line-height: 20px;
        text-align: center;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-launcher': Launcher;
  }
}
