import { LitElement, css, html, nothing } from 'lit';
import { lockBodyScroll } from '../../ui/layout/scroll-lock.js';
import type { AgentChatStrings } from '../../i18n/strings.js';
import { shellTokens } from '../../ui/shell-tokens.js';
import { panelStyles } from '../../ui/frame-styles.js';

/**
 * Narrow screens (seed 000: "a slide-out drawer with an overlay"): the floating and docked layouts become a
 * full-screen panel over an overlay, with a close button; the page behind does not scroll while it is open.
 * Closed, it draws nothing: the shell's launcher stands in for it.
 *
 * @fires frame-toggle - the user opened or closed the drawer; detail is the new open state
 *
 * @csspart overlay - Narrow screens: the dimmed page behind the drawer; a click closes it.
 */
export class DrawerFrame extends LitElement {
  static override properties = {
    open: { type: Boolean, reflect: true },
    heading: {},
    strings: { attribute: false },
  };

  declare open: boolean;
  declare heading: string;
  /** The shell's texts, in the element's language: the shell sets them with the frame's other properties. */
  declare strings: Pick<AgentChatStrings, 'closeChat'>;

  #unlockScroll: (() => void) | undefined;

  constructor() {
    super();
    this.open = false;
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
    if (!this.open) return nothing;
    return html`<div class="overlay" part="overlay" @click=${() => this.#toggle(false)}></div>
      <section class="panel" part="panel" role="dialog" aria-modal="true" aria-label=${this.heading} @keydown=${this.#onKeyDown}>
        <header part="header">
          <span class="title" part="title">${this.heading}</span><slot name="header-actions"></slot>
          <button type="button" class="icon-button" part="close-button" aria-label=${this.strings.closeChat} @click=${() => this.#toggle(false)}>×</button>
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
    shellTokens,
    panelStyles,
    css`
      :host {
        display: contents;
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
