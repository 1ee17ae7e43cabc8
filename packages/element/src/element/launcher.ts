import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { format, shellEn } from '../i18n/shell-strings.js';
import type { AgentChatStrings } from '../i18n/strings.js';
import { LAUNCHER_SIZE } from '../ui/layout/launcher-place.js';
import { shellTokens } from '../ui/shell-tokens.js';
import { chatIcon } from '../ui/chat-icon.js';

/** How the shell draws its launcher: in a corner (floating), or at the side of a narrow page (the drawer's). */
export function launcherView(place: string, open: boolean, unread: number, strings: Launcher['strings'], toggle: () => void): TemplateResult {
  return html`<agent-chat-launcher
    class=${place}
    exportparts="launcher, badge"
    .open=${open}
    .unread=${unread}
    .strings=${strings}
    @click=${toggle}
  ></agent-chat-launcher>`;
}

/**
 * The round button that opens a floating chat or a drawer, with the count of replies that came while closed.
 * The shell draws it (it is all a closed widget paints) and hands it its texts.
 *
 * @csspart launcher - Floating and narrow screens: the round button that opens and closes the panel.
 */
export class Launcher extends LitElement {
  static override properties = {
    open: { type: Boolean },
    unread: { type: Number },
    strings: { attribute: false },
  };

  declare open: boolean;
  declare unread: number;
  /** The shell's texts, in the element's language. */
  declare strings: Pick<AgentChatStrings, 'openChat' | 'closeChat' | 'openChatUnread'>;

  constructor() {
    super();
    this.open = false;
    this.unread = 0;
    this.strings = shellEn;
  }

  protected override render() {
    const unread = this.open ? 0 : this.unread;
    const t = this.strings;
    const label = this.open ? t.closeChat : unread > 0 ? format(t.openChatUnread, { count: unread }) : t.openChat;
    return html`<button type="button" part="launcher" aria-label=${label} aria-expanded=${this.open ? 'true' : 'false'}>
      ${this.open ? html`<span class="close" aria-hidden="true">×</span>` : chatIcon}
      ${unread > 0 ? html`<span class="badge" part="badge" aria-hidden="true">${unread > 99 ? '99+' : unread}</span>` : nothing}
    </button>`;
  }

  static override styles = [
    shellTokens,
    css`
      :host {
        display: block;
        width: ${LAUNCHER_SIZE}px;
        height: ${LAUNCHER_SIZE}px;
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
