import type { UploadLimits } from '@agent-chat/protocol';
import type { DraftSnapshot } from '../../context/draft-context.js';
import type { ElementHost } from '../../context/element-host.js';
import { attachmentsEn, type AttachmentStrings } from './attachment-strings.js';
import { format } from '../../i18n/shell-strings.js';
import type { Uploads } from '../../context/draft-context.js';
import { fileSize } from './file-size.js';
import { sendUpload } from './send-upload.js';
import { uploadLimits } from './upload-limits.js';

let nextKey = 0;

/**
 * A composer's uploads, once the server has said what it takes (null: it takes none). `element` and `draft` are read
 * when they are needed: the page may change its adapter or endpoint, and the draft changes with every key.
 */
export async function uploads(element: () => ElementHost | undefined, draft: () => DraftSnapshot | undefined): Promise<Uploads | null> {
  const client = element()?.client();
  const limits = client ? await uploadLimits(client) : null;
  return limits && new Uploader(limits, element, draft);
}

/**
 * The files a composer is about to send, in its draft: each uploaded as soon as it is picked, pasted or dropped, so
 * that the message waits only for those still in flight.
 */
class Uploader implements Uploads {
  readonly accept: string;
  readonly #limits: UploadLimits;
  readonly #element: () => ElementHost | undefined;
  readonly #draft: () => DraftSnapshot | undefined;
  /** The uploads in flight, to stop one whose file is taken back. */
  readonly #inFlight = new Map<number, AbortController>();
  /** dragenter and dragleave fire for each child crossed: the outline goes when the count is back to none. */
  #depth = 0;

  constructor(limits: UploadLimits, element: () => ElementHost | undefined, draft: () => DraftSnapshot | undefined) {
    this.accept = limits.mediaTypes.join(',');
    this.#limits = limits;
    this.#element = element;
    this.#draft = draft;
  }

  add(files: Iterable<File>): void {
    const host = this.#element();
    const draft = this.#draft();
    if (!host || !draft) return;
    const t = host.texts(attachmentsEn);
    let kept = draft.uploads.filter((upload) => !upload.error).length;
    for (const file of files) {
      const refused = this.#refusal(file, kept, t);
      if (!refused) kept += 1;
      const key = ++nextKey;
      draft.addUpload({
        key,
        name: file.name || 'file',
        size: file.size,
        mediaType: file.type,
        preview: file.type.startsWith('image/') && !refused ? URL.createObjectURL(file) : undefined,
        progress: 0,
        uploaded: undefined,
        error: refused && format(t.fileRefused, { name: file.name, message: refused }),
      });
      if (!refused) this.#upload(host, draft, key, file, t);
    }
  }

  remove(key: number): void {
    this.#inFlight.get(key)?.abort();
    this.#draft()?.removeUpload(key);
  }

  handleEvent(event: Event): void {
    if (event instanceof ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      this.add(files);
      return;
    }
    if (!(event instanceof DragEvent) || !event.dataTransfer?.types.includes('Files')) return;
    // The composer's own drop outline, shown while files are over it (as for the page's items).
    const outline = (on: boolean) => (event.currentTarget as Element).toggleAttribute('data-dropping', on);
    if (event.type === 'dragenter' && ++this.#depth === 1) outline(true);
    if (event.type === 'dragleave' && --this.#depth === 0) outline(false);
    if (event.type === 'dragover') {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
    if (event.type === 'drop') {
      event.preventDefault();
      // The shell hears drops too (for the page's items): this one is handled.
      event.stopPropagation();
      this.#depth = 0;
      outline(false);
      this.add(event.dataTransfer.files);
    }
  }

  /** Checked here first so the user hears at once; the server checks again, and its word is final. */
  #refusal(file: File, kept: number, t: AttachmentStrings): string | undefined {
    const limits = this.#limits;
    const type = file.type.toLowerCase();
    if (!limits.mediaTypes.some((accepted) => accepted === type || accepted === '*/*' || (accepted.endsWith('/*') && type.startsWith(accepted.slice(0, -1))))) {
      return t.fileTypeRefused;
    }
    if (file.size > limits.maxBytes) return format(t.fileTooLarge, { size: fileSize(limits.maxBytes) });
    if (kept >= limits.maxFiles) return format(t.tooManyFiles, { count: String(limits.maxFiles) });
    return undefined;
  }

  #upload(host: ElementHost, draft: DraftSnapshot, key: number, file: File, t: AttachmentStrings): void {
    const abort = new AbortController();
    this.#inFlight.set(key, abort);
    sendUpload(host, file, (progress) => draft.updateUpload(key, { progress }), abort.signal)
      .then(
        (answer) => draft.updateUpload(key, { progress: 1, uploaded: { id: answer.id, uploadId: answer.id, name: answer.name, mediaType: answer.mediaType, size: answer.size } }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const message = error instanceof Error ? error.message : String(error);
          draft.updateUpload(key, { error: format(t.fileRefused, { name: file.name || 'file', message: message === 'network error' ? format(t.uploadFailed, { message }) : message }) });
        },
      )
      .finally(() => this.#inFlight.delete(key));
  }
}
