import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DraftSnapshot, Uploads } from '../../context/draft-context.js';
import type { ElementHost } from '../../context/element-host.js';
import { load } from '../registry.js';

/** How long a composer waits before asking a server that failed for its upload limits again. */
const RETRY_MS = 15_000;

/**
 * A composer's files (`adapter.attachments`): the attachments chunk's uploads, asked for when the element takes files,
 * and held for the composer, which draws the picker and the chips and hands it its events. Everything else about
 * files is in that chunk (chunks/attachments.ts), which a plain text conversation never loads.
 */
export class ComposerUploads implements ReactiveController {
  readonly #element: () => ElementHost | undefined;
  readonly #draft: () => DraftSnapshot | undefined;
  readonly #composer: ReactiveControllerHost & Element;
  /** Null: the server takes no files. */
  #uploads: Uploads | null | undefined;
  #asked = false;

  constructor(composer: ReactiveControllerHost & Element, element: () => ElementHost | undefined, draft: () => DraftSnapshot | undefined) {
    this.#composer = composer;
    this.#element = element;
    this.#draft = draft;
    composer.addController(this);
  }

  /** The uploads, once the server has said it takes files. */
  get value(): Uploads | undefined {
    return this.#uploads ?? undefined;
  }

  hostUpdated(): void {
    if (this.#asked || !this.#element()?.adapter.attachments) return;
    this.#asked = true;
    load('attachments', this.#composer)
      .then((chunk) => chunk.uploads(this.#element, this.#draft))
      .then(
        (uploads) => {
          this.#uploads = uploads;
          if (uploads) this.#composer.requestUpdate();
        },
        // The chunk did not load (the registry said so) or the server could not be asked (offline, a 500): asked again
        // at the composer's next update, but not before RETRY_MS, since the composer updates with every key and every
        // streamed piece of a reply.
        () => setTimeout(() => (this.#asked = false), RETRY_MS),
      );
  }
}
