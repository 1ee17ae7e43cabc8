import { LitElement, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { keepFocusAfterRemoval } from '../../ui/chip-focus.js';
import type { DraftUpload } from '../../context/draft-context.js';
import { attachmentsEn } from './attachment-strings.js';
import { format } from '../../i18n/shell-strings.js';
import { Texts } from '../../i18n/texts.js';
import { tokens } from '../../ui/tokens.js';
import { fileChipStyles, fileMark } from './attachment-styles.js';
import { fileSize } from './file-size.js';

/**
 * The files about to be sent, drawn by the composer above its input: a thumbnail (images) or a mark, the name and
 * size, the upload's progress, the reason a file was refused, and a remove button each (`file-remove`).
 */
export class FileChips extends LitElement {
  static override properties = { files: { attribute: false } };
  declare files: readonly DraftUpload[];

  readonly #texts = new Texts(this, attachmentsEn);

  constructor() {
    super();
    this.files = [];
  }

  protected override render() {
    const files = this.files;
    if (!files.length) return nothing;
    const t = this.#texts.value;
    return html`<ul aria-label=${t.attachedFiles}>
      ${repeat(
        files,
        (file) => file.key,
        (file, index) => html`<li ?data-error=${Boolean(file.error)} ?data-uploading=${!file.uploaded && !file.error}>
          ${file.preview ? html`<img src=${file.preview} alt="" />` : html`<span class="mark" aria-hidden="true">${fileMark(file.name, file.mediaType)}</span>`}
          <span class="about">
            <span class="name">${file.name}</span>
            ${file.error
              ? html`<span class="error" role="alert">${file.error}</span>`
              : html`<span class="size">${fileSize(file.size)}</span>`}
            ${!file.uploaded && !file.error
              ? html`<progress max="1" .value=${file.progress} aria-label=${format(t.uploadingFile, { name: file.name })}></progress>`
              : nothing}
          </span>
          <button
            type="button"
            data-remove
            aria-label=${format(t.removeFile, { name: file.name })}
            @click=${() => {
              keepFocusAfterRemoval(this, index);
              this.dispatchEvent(new CustomEvent('file-remove', { detail: file.key }));
            }}
          >
            ×
          </button>
        </li>`,
      )}
    </ul>`;
  }

  static override styles = [tokens, fileChipStyles];
}
