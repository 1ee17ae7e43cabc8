import { createContext } from '@lit/context';
import type { Attachment, Item } from '@agent-chat/protocol';

/** What the user is writing: text, \@mentioned items and attachments. Kept by the shell, so a change of layout keeps it. */
export interface DraftSnapshot {
  readonly text: string;
  /** The items whose mention (`@label`, composer/mention-tokens.ts) is in the text now, in the order they were mentioned. */
  readonly references: readonly Item[];
  readonly attachments: readonly Attachment[];
  /** Something the page can attach is being dragged over the chat. */
  readonly dropping: boolean;
  setText(text: string): void;
  /**
   * Mention an item: with `text`, the draft's new text, which has the mention in it already (a pick from the `@`
   * list); without, its mention is added at the end of the text unless it is there (the host's addReference()).
   */
  addReference(item: Item, text?: string): void;
  attach(item: Attachment): void;
  detach(id: string): void;
  /** Empty the draft after it was sent. */
  reset(): void;
}

export const draftContext = createContext<DraftSnapshot>(Symbol('agent-chat-draft'));
