import type { Attachment, Item } from '@agent-chat/protocol';
import type { DraftSnapshot } from './draft-context.js';

/**
 * The composer's draft, owned by the shell, so a change of layout keeps it and the host can attach before the
 * conversation has loaded. The composer gets it through @lit/context: the shell's provider (made with the
 * conversation, see shell-contexts.ts) follows `changed`.
 */
export class DraftController {
  /** When the user last typed (for triggers, which must not interrupt someone writing). */
  lastTypedAt: number | undefined;
  /** Hears each new snapshot. */
  changed: ((state: DraftSnapshot) => void) | undefined;

  #text = '';
  #references: readonly Item[] = [];
  #attachments: readonly Attachment[] = [];
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
  addReference = (item: Item): void => {
    this.#references = [...this.#references.filter((existing) => existing.id !== item.id), item];
    this.#publish();
  };

  removeReference = (id: string): void => {
    this.#references = this.#references.filter((item) => item.id !== id);
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

  reset = (): void => {
    this.#text = '';
    this.#references = [];
    this.#attachments = [];
    this.#publish();
  };

  setDropping(dropping: boolean): void {
    if (dropping === this.#dropping) return;
    this.#dropping = dropping;
    this.#publish();
  }

  #publish(): void {
    this.#state = this.#snapshot();
    this.changed?.(this.#state);
  }

  #snapshot(): DraftSnapshot {
    return {
      text: this.#text,
      references: this.#references,
      attachments: this.#attachments,
      dropping: this.#dropping,
      setText: this.setText,
      addReference: this.addReference,
      removeReference: this.removeReference,
      attach: this.attach,
      detach: this.detach,
      reset: this.reset,
    };
  }
}
