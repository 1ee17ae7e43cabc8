import { LitElement, css, html } from 'lit';
import { lockBodyScroll } from '../layout/scroll-lock.js';
import { tokens } from '../styles/tokens.js';
import { StringsConsumer } from '../i18n/strings-context.js';
import { panelStyles } from './frame-styles.js';

/**
 * Narrow screens (seed 000: "a slide-out drawer with an overlay"): the floating and docked layouts become a
 * full-screen panel over an overlay, with a close button; the page behind does not scroll while it is open.
 *
 * @fires frame-toggle - the user opened or closed the drawer; detail is the new open state
 */
export class DrawerFrame extends LitElement {
  static override properties = {
    open: { type: Boolean, reflect: true },
    unread: { type: Number },
    heading: {},
  };

  declare open: boolean;
  declare unread: number;
  declare heading: string;

  #unlockScroll: (() => void) | undefined;
  readonly #strings = new StringsConsumer(this);

  constructor() {
    super();
    this.open = false;
    this.unread = 0;
    this.heading = '';
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unlockScroll?.();
    this.#unlockScroll = undefined;
  }

  protected override updated(): void {
    if (this.open && this.isConnected) this.#unlockScroll ??= lockBodyScroll();
    else {
      this.#unlockScroll?.();
      this.#unlockScroll = undefined;
    }
  }

  protected override render() {
    if (!this.open) {
      return html`<agent-chat-launcher exportparts="launcher, badge" .unread=${this.unread} @click=${() => this.#toggle(true)}></agent-chat-launcher>`;
    }
    return html`<div class="overlay" part="overlay" @click=${() => this.#toggle(false)}></div>
      <section class="panel" part="panel" role="dialog" aria-modal="true" aria-label=${this.heading} @keydown=${this.#onKeyDown}>
        <header part="header">
          <span class="title" part="title">${this.heading}</span><slot name="header-actions"></slot>
          <button type="button" class="icon-button" part="close-button" aria-label=${this.#strings.value.closeChat} @click=${() => this.#toggle(false)}>×</button>
        </header>
        <slot name="messages"></slot>
        <slot name="composer"></slot>
      </section>`;
  }

  #toggle(open: boolean): void {
    this.dispatchEvent(new CustomEvent('frame-toggle', { detail: open }));
  }

  #onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && !event.defaultPrevented) this.#toggle(false);
  };

  static override styles = [
    tokens,
    panelStyles,
    css`
      :host {
        display: contents;
      }
      agent-chat-launcher {
        position: fixed;
        right: 16px;
        bottom: 16px;
        z-index: var(--_z);
      }
      .overlay {
        position: fixed;
        inset: 0;
        z-index: var(--_z);
        background: rgb(0 0 0 / 0.4);
      }
      .panel {
        position: fixed;
        inset: 0;
        z-index: var(--_z);
        border: 0;
        /* Above the overlay, which stays for a drawer narrower than the screen (a host's own CSS). */
        box-shadow: var(--_shadow);
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-drawer-frame': DrawerFrame;
  }
}
