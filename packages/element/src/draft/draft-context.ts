import { createContext } from '@lit/context';
import type { Attachment, Item } from '@agent-chat/protocol';

/** What the user is writing: text, \@mentioned items and attachments. Kept by the shell, so a change of layout keeps it. */
export interface DraftSnapshot {
  readonly text: string;
  readonly references: readonly Item[];
  readonly attachments: readonly Attachment[];
  /** Something the page can attach is being dragged over the chat. */
  readonly dropping: boolean;
  setText(text: string): void;
  addReference(item: Item): void;
  removeReference(id: string): void;
  attach(item: Attachment): void;
  detach(id: string): void;
  /** Empty the draft after it was sent. */
  reset(): void;
}

export const draftContext = createContext<DraftSnapshot>(Symbol('agent-chat-draft'));
