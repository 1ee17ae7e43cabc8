import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentTransport } from '../transport/transport.js';

/**
 * Uploaded images, by upload id: fetched once per page with the host's headers (an <img src> could send none, and
 * GET /uploads/:id answers only the file's owner), and kept as object URLs for every part that shows them.
 */
const fetched = new Map<string, Promise<string | undefined>>();

/**
 * The object URLs of uploaded images a component draws (a user message's thumbnails, a tool result's images): `want`
 * them as the component updates, read them with `url`; the component updates again as each arrives.
 */
export class UploadUrls implements ReactiveController {
  readonly #urls = new Map<string, string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly client: () => AgentTransport | undefined,
  ) {
    host.addController(this);
  }

  // Nothing to start with the host: uploads are fetched when a draw asks for them.
  hostConnected(): void {}

  /** The URL of an upload fetched already; undefined while it is on its way (or failed). */
  url(uploadId: string): string | undefined {
    return this.#urls.get(uploadId);
  }

  /** Fetch these uploads, those not fetched yet. */
  want(uploadIds: Iterable<string>): void {
    const client = this.client();
    if (!client) return;
    for (const id of uploadIds) {
      if (this.#urls.has(id)) continue;
      let url = fetched.get(id);
      if (!url) {
        url = client.request(`/uploads/${encodeURIComponent(id)}`).then(
          async (response) => URL.createObjectURL(await response.blob()),
          () => {
            // Asked again at the next draw: a failure now (offline, headers not ready yet) must not hide it for good.
            fetched.delete(id);
            return undefined;
          },
        );
        fetched.set(id, url);
      }
      void url.then((value) => {
        if (!value || this.#urls.get(id) === value) return;
        this.#urls.set(id, value);
        this.host.requestUpdate();
      });
    }
  }
}
