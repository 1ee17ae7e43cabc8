import { ContextProvider } from '@lit/context';
import type { ReactiveElement } from 'lit';
import type { ToolsResponse } from '@agent-chat/protocol';
import { toolCatalogContext } from '../context/tool-catalog-context.js';
import { NO_CATALOG } from '../core/turns/tool-catalog.js';

/**
 * Provides the tool catalog to the parts. Until GET /tools answers, and for good if it fails, the catalog is empty
 * and every call shows as a plain chip: always a correct way to show a conversation, so a broken /tools never
 * breaks the chat.
 */
export class ToolCatalogProvider {
  readonly #provider: ContextProvider<typeof toolCatalogContext>;
  /** The endpoint the catalog is from (or being fetched from); cleared by a failure so a later load retries. */
  #endpoint = '';

  constructor(host: ReactiveElement) {
    this.#provider = new ContextProvider(host, { context: toolCatalogContext, initialValue: NO_CATALOG });
  }

  /** The catalog of this endpoint, fetched with `fetchTools` unless it is already there or on its way. */
  load(endpoint: string, fetchTools: () => Promise<ToolsResponse>): void {
    if (endpoint === this.#endpoint) return;
    this.#endpoint = endpoint;
    this.#provider.setValue(NO_CATALOG);
    if (!endpoint) return;
    fetchTools()
      .then((response) => new Map(response.tools.map((tool) => [tool.name, tool])))
      .then(
        (catalog) => {
          if (this.#endpoint === endpoint) this.#provider.setValue(catalog);
        },
        () => {
          if (this.#endpoint !== endpoint) return;
          // Tried again by the next load; meanwhile answered, empty.
          this.#endpoint = '';
          this.#provider.setValue(new Map());
        },
      );
  }
}
