import { LitElement, css, html, svg } from 'lit';
import { attachmentsEn } from './attachment-strings.js';
import { Texts } from '../../i18n/texts.js';
import { icon } from '../../ui/icons.js';
import { tokens } from '../../ui/tokens.js';

const paperclip = icon(svg`<path d="M13.5 7.5l-5.8 5.8a3.5 3.5 0 01-5-5l6-6a2.3 2.3 0 013.3 3.3l-6 6a1.2 1.2 0 01-1.7-1.7l5.5-5.5" />`);

/**
 * The composer's paperclip: opens the browser's file chooser, limited to the types the server takes (`accept`), and
 * says what was picked (`files-picked`).
 */
export class FilePicker extends LitElement {
  static override properties = { accept: {} };
  /** The media types offered, as the file input's `accept` says them. */
  declare accept: string;

  readonly #texts = new Texts(this, attachmentsEn);

  constructor() {
    super();
    this.accept = '';
  }

  protected override render() {
    const t = this.#texts.value;
    return html`<button type="button" aria-label=${t.attachFiles} title=${t.attachFiles} @click=${this.#open}>
        ${paperclip}
      </button>
      <input type="file" multiple hidden accept=${this.accept} @change=${this.#picked} />`;
  }

  #open(): void {
    this.renderRoot.querySelector('input')?.click();
  }

  #picked(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.files?.length) this.dispatchEvent(new CustomEvent('files-picked', { detail: [...input.files] }));
    // The same file picked again is a change again.
    input.value = '';
  }

  static override styles = [
    tokens,
    css`
      :host {
        display: flex;
      }
      button {
        display: grid;
        place-items: center;
        width: 38px;
        height: 38px;
        padding: 0;
        border: 1px solid var(--_border);
        border-radius: var(--_radius-small);
        background: var(--_bg);
        color: var(--_fg);
        font-size: 18px;
        cursor: pointer;
      }
      button:focus-visible {
        outline: 2px solid var(--_focus);
        outline-offset: 2px;
      }
    `,
  ];
}
