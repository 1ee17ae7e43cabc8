import type { Attachment, UploadedAttachment } from '@agent-chat/protocol';
import { LitElement, css, html, nothing } from 'lit';
import { ContextConsumer } from '@lit/context';
import { elementHostContext } from '../../context/element-host.js';
import { attachmentsEn } from './attachment-strings.js';
import { Texts } from '../../i18n/texts.js';
import { tokens } from '../../ui/tokens.js';
import { fileChipStyles, fileMark } from './attachment-styles.js';
import { fileSize } from './file-size.js';

/**
 * Thumbnails, by upload id: fetched once per page with the host's headers (an <img src> could send none, and
 * GET /uploads/:id answers only the file's owner), and kept as object URLs for every bubble that shows them.
 */
const thumbnails = new Map<string, Promise<string | undefined>>();

/**
 * A user message's attachments: its uploads as thumbnails (images) or file chips with name and size, and the host's
 * items, if any came with them, as the item chips they always were.
 */
export class SentFiles extends LitElement {
  static override properties = { files: { attribute: false }, shown: { state: true } };
  /** The turn's `attachments`: uploads (with `uploadId`) and host items. */
  declare files: readonly Attachment[];
  /** @internal Object URLs of the thumbnails fetched so far. */
  declare shown: Record<string, string>;

  readonly #texts = new Texts(this, attachmentsEn);
  readonly #host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });

  constructor() {
    super();
    this.files = [];
    this.shown = {};
  }

  protected override willUpdate(): void {
    const client = this.#host.value?.client();
    for (const file of uploads(this.files)) {
      if (!file.mediaType.startsWith('image/') || !client || file.uploadId in this.shown) continue;
      let thumbnail = thumbnails.get(file.uploadId);
      if (!thumbnail) {
        thumbnail = client.request(`/uploads/${encodeURIComponent(file.uploadId)}`).then(
          async (response) => URL.createObjectURL(await response.blob()),
          () => {
            // Asked again at the next draw: a failure (offline, headers not ready yet) must not hide it for good.
            thumbnails.delete(file.uploadId);
            return undefined;
          },
        );
        thumbnails.set(file.uploadId, thumbnail);
      }
      void thumbnail.then((url) => {
        if (url && this.shown[file.uploadId] !== url) this.shown = { ...this.shown, [file.uploadId]: url };
      });
    }
  }

  protected override render() {
    const t = this.#texts.value;
    const items = this.files.filter((item) => !('uploadId' in item));
    return html`<ul aria-label=${t.sentFiles}>
      ${uploads(this.files).map((file) => {
        const url = this.shown[file.uploadId];
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
