import { ContextProvider } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { Attachment, Item } from '@agent-chat/protocol';
import { draftContext, type DraftSnapshot } from './draft-context.js';

type Host = ReactiveControllerHost & HTMLElement;

/** The composer's draft, owned by the shell and handed to the composer through @lit/context. */
export class DraftController {
  /** When the user last typed (for triggers, which must not interrupt someone writing). */
  lastTypedAt: number | undefined;

  #text = '';
  #references: readonly Item[] = [];
  #attachments: readonly Attachment[] = [];
  #dropping = false;
  readonly #provider: ContextProvider<typeof draftContext, Host>;

  constructor(host: Host) {
    this.#provider = new ContextProvider(host, { context: draftContext, initialValue: this.#snapshot() });
  }

  get state(): DraftSnapshot {
    return this.#provider.value;
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
    this.#provider.setValue(this.#snapshot());
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
