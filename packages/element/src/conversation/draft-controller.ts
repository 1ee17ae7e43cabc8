import type { Attachment, Item } from '@agent-chat/protocol';
import { mentionRanges, mentionText } from '../core/mention-tokens.js';
import type { DraftSnapshot, DraftUpload } from '../context/draft-context.js';

/**
 * The composer's draft, owned by the shell, so a change of layout keeps it and the host can attach before the
 * conversation has loaded. The composer gets it through @lit/context: the shell's provider (made with the
 * conversation, see element/shell-conversation.ts) follows `changed`.
 */
export class DraftController {
  /** When the user last typed (for triggers, which must not interrupt someone writing). */
  lastTypedAt: number | undefined;
  /** Hears each new snapshot. */
  changed: ((state: DraftSnapshot) => void) | undefined;

  #text = '';
  /**
   * Every item mentioned since the draft was last empty: those whose mention is in the text are its references, so
   * a mention deleted and brought back (the browser's undo, a cut and a paste) is one again.
   */
  #mentioned: readonly Item[] = [];
  #attachments: readonly Attachment[] = [];
  #uploads: readonly DraftUpload[] = [];
  #dropping = false;
  #state: DraftSnapshot | undefined;

  get state(): DraftSnapshot {
    return (this.#state ??= this.#snapshot());
  }

  setText = (text: string): void => {
    if (text === this.#text) return;
    this.#text = text;
    this.lastTypedAt = Date.now();
    this.#publish();
  };

  /** The same item twice is one reference. */
  addReference = (item: Item, text?: string): void => {
    this.#mentioned = [...this.#mentioned.filter((existing) => existing.id !== item.id), item];
    if (text !== undefined) this.lastTypedAt = Date.now();
    else if (!mentionRanges(this.#text, [item]).length) text = `${this.#text.replace(/(\S)$/, '$1 ')}${mentionText(item)} `;
    this.#text = text ?? this.#text;
    this.#publish();
  };

  attach = (item: Attachment): void => {
    this.#attachments = [...this.#attachments.filter((existing) => existing.id !== item.id), item];
    this.#publish();
  };

  detach = (id: string): void => {
    this.#attachments = this.#attachments.filter((item) => item.id !== id);
    this.#publish();
  };

  addUpload = (upload: DraftUpload): void => {
    this.#uploads = [...this.#uploads, upload];
    this.#publish();
  };

  updateUpload = (key: number, change: Partial<DraftUpload>): void => {
    if (!this.#uploads.some((upload) => upload.key === key)) return;
    this.#uploads = this.#uploads.map((upload) => (upload.key === key ? { ...upload, ...change } : upload));
    this.#publish();
  };

  removeUpload = (key: number): void => {
    this.#setUploads(this.#uploads.filter((upload) => upload.key !== key));
  };

  reset = (): void => {
    this.#text = '';
    this.#mentioned = [];
    this.#attachments = [];
    this.#setUploads([]);
  };

  setDropping(dropping: boolean): void {
    if (dropping === this.#dropping) return;
    this.#dropping = dropping;
    this.#publish();
  }

  /** The uploads now, each file that left freeing its thumbnail's object URL. */
  #setUploads(uploads: readonly DraftUpload[]): void {
    for (const upload of this.#uploads) if (upload.preview && !uploads.includes(upload)) URL.revokeObjectURL(upload.preview);
    this.#uploads = uploads;
    this.#publish();
  }

  #publish(): void {
    this.#state = this.#snapshot();
    this.changed?.(this.#state);
  }

  #snapshot(): DraftSnapshot {
    const present = new Set(mentionRanges(this.#text, this.#mentioned).map((range) => range.item));
    return {
      text: this.#text,
      references: this.#mentioned.filter((item) => present.has(item)),
      attachments: this.#attachments,
      dropping: this.#dropping,
      uploads: this.#uploads,
      uploading: this.#uploads.some((upload) => !upload.uploaded && !upload.error),
      setText: this.setText,
      addReference: this.addReference,
      attach: this.attach,
      detach: this.detach,
      addUpload: this.addUpload,
      updateUpload: this.updateUpload,
      removeUpload: this.removeUpload,
      reset: this.reset,
    };
  }
}
