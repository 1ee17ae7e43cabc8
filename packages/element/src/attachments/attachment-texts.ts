import type { ReactiveControllerHost } from 'lit';
import { attachmentsEn, type AttachmentStrings } from '../i18n/attachment-strings.js';
import { LocalizedTable } from '../i18n/localized-table.js';
import { agentHost } from './agent-host.js';

/** The attachment texts in the host's language and with its overrides, as they are at each update of `part`. */
export class AttachmentTexts {
  readonly #table: LocalizedTable<AttachmentStrings>;
  readonly #part: ReactiveControllerHost & Node;

  constructor(part: ReactiveControllerHost & Node) {
    this.#part = part;
    this.#table = new LocalizedTable<AttachmentStrings>(part, attachmentsEn, () => part.requestUpdate());
  }

  get value(): AttachmentStrings {
    const host = agentHost(this.#part);
    this.#table.update(host?.locale, host?.strings);
    return this.#table.value;
  }
}
