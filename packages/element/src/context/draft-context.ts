import { createContext } from '@lit/context';
import type { Attachment, Item, UploadedAttachment } from '@agent-chat/protocol';

/** A file from the user on its way into the message (`adapter.attachments`): uploading, uploaded, or refused. */
export interface DraftUpload {
  readonly key: number;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
  /** An object URL of the local file, for an image's thumbnail; freed when the file leaves the draft. */
  readonly preview: string | undefined;
  /** 0…1 while uploading. */
  readonly progress: number;
  /** What the message sends for it, once uploaded. */
  readonly uploaded: UploadedAttachment | undefined;
  /** Why it will not be sent (the server's words, when it gave some). */
  readonly error: string | undefined;
}

/**
 * What the user is writing: text, \@mentioned items, attachments and files on their way. Kept by the shell, so a
 * change of layout keeps it.
 */
export interface DraftSnapshot {
  readonly text: string;
  /** The items whose mention (`@label`, core/mention-tokens.ts) is in the text now, in the order they were mentioned. */
  readonly references: readonly Item[];
  readonly attachments: readonly Attachment[];
  /** Something the page can attach is being dragged over the chat. */
  readonly dropping: boolean;
  /** The user's files, in the order they came: sent with the message once uploaded (the refused ones are not). */
  readonly uploads: readonly DraftUpload[];
  /** A file is still uploading: the message waits for it. */
  readonly uploading: boolean;
  setText(text: string): void;
  /**
   * Mention an item: with `text`, the draft's new text, which has the mention in it already (a pick from the `@`
   * list); without, its mention is added at the end of the text unless it is there (the host's addReference()).
   */
  addReference(item: Item, text?: string): void;
  attach(item: Attachment): void;
  detach(id: string): void;
  addUpload(upload: DraftUpload): void;
  /** An upload's progress, its answer or its refusal; nothing for a file removed meanwhile, which stays removed. */
  updateUpload(key: number, change: Partial<DraftUpload>): void;
  removeUpload(key: number): void;
  /** Empty the draft after it was sent. */
  reset(): void;
}

export const draftContext = createContext<DraftSnapshot>(Symbol('agent-chat-draft'));

/** What the attachments chunk gives a composer once the server said it takes files (GET /uploads). */
export interface Uploads {
  /** The media types the server takes: the picker offers only these. */
  readonly accept: string;
  /** Files picked: each checked against the server's limits, then uploaded, as the draft's uploads. */
  add(files: Iterable<File>): void;
  /** A file taken back (its chip's ×): its upload stops, and it leaves the draft. */
  remove(key: number): void;
  /**
   * The composer's paste, drag and drop events: the files among them are added (and the composer outlined while
   * they are dragged over it); anything else is left to the composer.
   */
  handleEvent(event: Event): void;
}

// What the draft's chips and picker (the item chips' and the attachments' features) tell the composer that draws
// them: the composer hears these events by name, and the chunks that send them stay apart.

/** Fired (not bubbling) when the user removes a chip; detail is the item's id. */
export type ItemRemoveEvent = CustomEvent<string>;

/** A file chip's ×: the file's `key` (DraftUpload.key). */
export type FileRemoveEvent = CustomEvent<number>;

/** Files the user picked. */
export type FilesPickedEvent = CustomEvent<File[]>;
