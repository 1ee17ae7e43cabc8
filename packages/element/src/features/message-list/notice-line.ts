import { LitElement, css, html, nothing } from 'lit';
import { Texts } from '../../i18n/texts.js';
import { en, type StringKey } from '../../i18n/strings.js';
import { tokens, visuallyHidden } from '../../ui/tokens.js';
import { alertIcon, iconStyles } from '../../ui/icons.js';

export type NoticeTone = 'status' | 'error';

/** The server's own notices carry a code, so they are shown in the element's language rather than the server's. */
const STATUS_TEXT: Readonly<Record<string, StringKey>> = {
  cancelled: 'statusCancelled',
  undone: 'statusUndone',
  max_steps: 'statusMaxSteps',
};

/**
 * A line about the conversation rather than in it: a tool's status, "Stopped by user", an error.
 *
 * @csspart status - A status line ("Stopped by user", a tool's note).
 * @csspart error - An error line.
 * @csspart retry-button - The Retry button on the conversation's last error line: sends the last message again.
 */
export class NoticeLine extends LitElement {
  static override properties = {
    tone: { reflect: true },
    text: {},
    code: {},
    retry: { attribute: false },
  };

  declare tone: NoticeTone;
  declare text: string;
  declare code: string | undefined;
  /**
   * Sends the last message again: given only to the conversation's last line, when it is an error and nothing runs
   * (the turn decides, so a line does not watch the whole conversation on every streamed event).
   */
  declare retry: (() => unknown) | undefined;

  readonly #strings = new Texts(this, en);

  constructor() {
    super();
    this.tone = 'status';
    this.text = '';
  }

  /** What the line says: for a known status code, the element's own words. */
  get shownText(): string {
    const key = this.tone === 'status' && this.code ? STATUS_TEXT[this.code] : undefined;
    return key ? this.#strings.value[key] : this.text;
  }

  protected override render() {
    const t = this.#strings.value;
    if (this.tone === 'error') {
      return html`<div class="line" part="error" role="alert">
        ${alertIcon}<span class="visually-hidden">${t.error}:</span>
        <span class="text">${this.text}</span>${this.code ? html`<span class="code">${this.code}</span>` : nothing}
        ${this.retry ? html`<button type="button" part="retry-button" @click=${() => void this.retry?.()}>${t.retry}</button>` : nothing}
      </div>`;
    }
    return html`<div class="line" part="status">${this.shownText}</div>`;
  }

  static override styles = [
    tokens,
    iconStyles,
    visuallyHidden,
    css`
      :host {
        display: block;
      }
      .line {
        color: var(--_muted);
        font-size: 0.9em;
        font-style: italic;
        text-align: center;
      }
      :host([tone='error']) .line {
        display: flex;
        align-items: baseline;
        gap: 8px;
        padding: 8px 12px;
        border: 1px solid var(--_danger);
        border-radius: var(--_radius-small);
        background: var(--_danger-bg);
        color: var(--_danger);
        font-style: normal;
        text-align: start;
      }
      .icon {
        align-self: center;
      }
      .text {
        flex: 1;
        overflow-wrap: anywhere;
      }
      .code {
        font-family: var(--_mono);
        font-size: 0.85em;
      }
      button {
        align-self: center;
        border: 1px solid currentColor;
        border-radius: var(--_radius-small);
        background: none;
        color: inherit;
        font: inherit;
        cursor: pointer;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-notice': NoticeLine;
  }
}
