import { LitElement, css, html, nothing } from 'lit';
import type { UndoFunction } from '../../context/card-actions.js';
import { cardTextsEn } from './card-texts.js';
import { Texts } from '../../i18n/texts.js';
import { format } from '../../i18n/strings.js';
import { focusRing, tokens } from '../../ui/tokens.js';
import { iconStyles, spinner, undoIcon } from '../../ui/icons.js';

/**
 * The Undo button under a turn that changed things (seed 000 §3.5.3). The conversation removes it once the undo
 * went through (and shows "Changes undone") or when the next turn starts; a refusal is said here, in words that
 * tell the user what happened rather than a status code.
 *
 * @csspart undo-bar - Undo under a turn that changed things.
 * @csspart undo-button - The Undo button.
 * @csspart undo-error - Why an undo failed.
 */
export class UndoBar extends LitElement {
  static override properties = {
    undo: { attribute: false },
    busy: { state: true },
    error: { state: true },
    gone: { state: true },
  };

  declare undo: UndoFunction | undefined;
  declare private busy: boolean;
  declare private error: string;
  /** The server had nothing to undo: the button would only fail again. */
  declare private gone: boolean;

  readonly #strings = new Texts(this, cardTextsEn);

  constructor() {
    super();
    this.busy = false;
    this.error = '';
    this.gone = false;
  }

  protected override render() {
    const t = this.#strings.value;
    return html`<div class="bar" part="undo-bar">
      ${this.gone
        ? nothing
        : html`<button type="button" part="undo-button" aria-label=${t.undoLabel} ?disabled=${this.busy} @click=${this.#onClick}>
            ${this.busy ? spinner : undoIcon}<span>${this.busy ? t.undoing : t.undo}</span>
          </button>`}
      <span class="error" part="undo-error" role="status">${this.error}</span>
    </div>`;
  }

  async #onClick(): Promise<void> {
    if (!this.undo || this.busy) return;
    const t = this.#strings.value;
    this.busy = true;
    this.error = '';
    try {
      await this.undo();
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 404) {
        this.gone = true;
        this.error = t.undoNothing;
      } else {
        this.error = format(t.undoFailed, { message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      this.busy = false;
    }
  }

  static override styles = [
    tokens,
    focusRing,
    iconStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px;
      }
      button {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        padding: 3px 10px;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        color: var(--_fg);
        font: inherit;
        font-size: 0.9em;
        cursor: pointer;
      }
      button:hover:not(:disabled) {
        background: var(--_surface);
      }
      button:disabled {
        cursor: default;
        color: var(--_muted);
      }
      .error {
        color: var(--_danger);
        font-size: 0.9em;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-undo-bar': UndoBar;
  }
}
