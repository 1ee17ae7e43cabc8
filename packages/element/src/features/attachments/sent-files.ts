import type { Attachment, UploadedAttachment } from '@agent-chat/protocol';
import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import { elementHostContext } from '../../context/element-host.js';
import { attachmentsEn } from './attachment-strings.js';
import { Texts } from '../../i18n/texts.js';
import { tokens } from '../../ui/tokens.js';
import { UploadUrls } from '../../ui/upload-urls.js';
import { fileChipStyles, fileMark } from './attachment-styles.js';
import { fileSize } from './file-size.js';

/**
 * A user message's attachments: its uploads as thumbnails (images) or file chips with name and size, and the host's
 * items, if any came with them, as the item chips they always were.
 */
export class SentFiles extends LitElement {
  static override properties = { files: { attribute: false } };
  /** The turn's `attachments`: uploads (with `uploadId`) and host items. */
  declare files: readonly Attachment[];

  readonly #texts = new Texts(this, attachmentsEn);
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly #thumbnails = new UploadUrls(this, () => this.#host.value?.client());

  constructor() {
    super();
    this.files = [];
  }

  protected override willUpdate(): void {
    this.#thumbnails.want(uploads(this.files).flatMap((file) => (file.mediaType.startsWith('image/') ? [file.uploadId] : [])));
  }

  protected override render() {
    const t = this.#texts.value;
    const items = this.files.filter((item) => !('uploadId' in item));
    return html`<ul aria-label=${t.sentFiles}>
      ${uploads(this.files).map((file) => {
        const url = this.#thumbnails.url(file.uploadId);
        return html`<li title=${file.name}>
          ${url ? html`<img src=${url} alt=${file.name} />` : html`<span class="mark" aria-hidden="true">${fileMark(file.name, file.mediaType)}</span>`}
          <span class="about">
            <span class="name">${file.name}</span>
            <span class="size">${fileSize(file.size)}</span>
          </span>
        </li>`;
      })}
    </ul>
    ${items.length ? html`<agent-chat-item-chips variant="attachment" .items=${items}></agent-chat-item-chips>` : nothing}`;
  }

  static override styles = [
    tokens,
    fileChipStyles,
    css`
      /* Under the user's bubble, as the message list places its item chips. */
      :host {
        display: flex;
        flex-direction: column;
        align-self: flex-end;
        align-items: flex-end;
        gap: 6px;
        max-width: 85%;
        margin-top: calc(var(--_gap) * -0.5);
      }
      ul {
        justify-content: flex-end;
      }
      img {
        width: 72px;
        height: 72px;
      }
    `,
  ];
}

function uploads(attachments: readonly Attachment[]): UploadedAttachment[] {
  return attachments.filter((attachment): attachment is UploadedAttachment => 'uploadId' in attachment);
}
