import type { UploadedAttachment, UploadLimits } from '@agent-chat/protocol';
import type { AgentChat } from '../agent-chat.js';
import type { AttachmentStrings } from '../i18n/attachment-strings.js';
import { format } from '../i18n/shell-strings.js';
import { fileSize } from './file-size.js';
import { sendUpload } from './send-upload.js';

/** One file on its way into a message: uploading, uploaded, or refused (with the reason, the server's when it gave one). */
export interface TrayFile {
  readonly key: number;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
  /** An object URL of the local file, for an image's thumbnail. */
  readonly preview: string | undefined;
  /** 0…1 while uploading. */
  progress: number;
  uploaded: UploadedAttachment | undefined;
  error: string | undefined;
  readonly abort: AbortController;
}

let nextKey = 0;

/**
 * The files a composer is about to send: each uploaded as soon as it is picked, pasted or dropped, so that Send waits
 * only for those still in flight. `changed` hears every change (the composer and its chips redraw).
 */
export class UploadTray {
  files: readonly TrayFile[] = [];
  limits: UploadLimits | undefined;

  constructor(
    readonly host: AgentChat,
    readonly changed: () => void,
  ) {}

  /** Some file is still uploading: Send waits. */
  get busy(): boolean {
    return this.files.some((file) => !file.uploaded && !file.error);
  }

  add(files: Iterable<File>, t: AttachmentStrings): void {
    const limits = this.limits;
    if (!limits) return;
    for (const file of files) {
      const refused = this.#refusal(file, limits, t);
      const entry: TrayFile = {
        key: ++nextKey,
        name: file.name || 'file',
        size: file.size,
        mediaType: file.type,
        preview: file.type.startsWith('image/') && !refused ? URL.createObjectURL(file) : undefined,
        progress: 0,
        uploaded: undefined,
        error: refused && format(t.fileRefused, { name: file.name, message: refused }),
        abort: new AbortController(),
      };
      this.files = [...this.files, entry];
      if (!refused) this.#upload(entry, file, t);
    }
    this.changed();
  }

  remove(key: number): void {
    const file = this.files.find((each) => each.key === key);
    if (!file) return;
    file.abort.abort();
    if (file.preview) URL.revokeObjectURL(file.preview);
    this.files = this.files.filter((each) => each !== file);
    this.changed();
  }

  /** The uploaded files, for the message being sent; the tray is empty after (refused files go with it). */
  take(): UploadedAttachment[] {
    const sent = this.files.flatMap((file) => (file.uploaded ? [file.uploaded] : []));
    for (const file of this.files) if (file.preview) URL.revokeObjectURL(file.preview);
    this.files = [];
    this.changed();
    return sent;
  }

  /** Checked here first so the user hears at once; the server checks again, and its word is final. */
  #refusal(file: File, limits: UploadLimits, t: AttachmentStrings): string | undefined {
    const type = file.type.toLowerCase();
    if (!limits.mediaTypes.some((accepted) => accepted === type || accepted === '*/*' || (accepted.endsWith('/*') && type.startsWith(accepted.slice(0, -1))))) {
      return t.fileTypeRefused;
    }
    if (file.size > limits.maxBytes) return format(t.fileTooLarge, { size: fileSize(limits.maxBytes) });
    if (this.files.filter((each) => !each.error).length >= limits.maxFiles) return format(t.tooManyFiles, { count: String(limits.maxFiles) });
    return undefined;
  }

  #upload(entry: TrayFile, file: File, t: AttachmentStrings): void {
    const update = (change: Partial<TrayFile>) => {
      // A file removed meanwhile stays removed.
      if (!this.files.includes(entry)) return;
      Object.assign(entry, change);
      this.files = [...this.files];
      this.changed();
    };
    sendUpload(this.host, file, (progress) => update({ progress }), entry.abort.signal).then(
      (answer) => update({ progress: 1, uploaded: { id: answer.id, uploadId: answer.id, name: answer.name, mediaType: answer.mediaType, size: answer.size } }),
      (error: unknown) => {
        if (entry.abort.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        update({ error: format(t.fileRefused, { name: entry.name, message: message === 'network error' ? format(t.uploadFailed, { message }) : message }) });
      },
    );
  }
}
