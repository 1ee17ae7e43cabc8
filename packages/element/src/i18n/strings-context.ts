import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import type { ReactiveControllerHost, ReactiveElement } from 'lit';
import { LocalizedTable } from './localized-table.js';
import { resolveTable } from './locales.js';
import { en, type AgentChatStrings } from './strings.js';

/** The texts of the element, resolved once by the shell and read by every part. */
export const stringsContext = createContext<AgentChatStrings>(Symbol('agent-chat-strings'));

/** English, under the registered table of `locale` (if any), under a host's overrides. */
export function resolveStrings(locale: string | undefined, overrides: Partial<AgentChatStrings> | undefined): AgentChatStrings {
  return resolveTable(en, locale, overrides);
}

/**
 * Provides the strings for a locale and a host's overrides. The shell calls `update` when its `locale` or
 * `strings` change; every part below re-renders through the context.
 */
export class StringsProvider {
  readonly #provider: ContextProvider<typeof stringsContext>;
  readonly #table: LocalizedTable<AgentChatStrings>;

  constructor(host: ReactiveElement) {
    this.#provider = new ContextProvider(host, { context: stringsContext, initialValue: en });
    this.#table = new LocalizedTable<AgentChatStrings>(host, en, (value) => this.#provider.setValue(value));
  }

  get value(): AgentChatStrings {
    return this.#provider.value;
  }

  update(locale: string | undefined, overrides: Partial<AgentChatStrings> | undefined): void {
    this.#table.update(locale, overrides);
  }
}

/** A part's view of the strings: English until (or unless) a shell provides them. */
export class StringsConsumer {
  readonly #consumer: ContextConsumer<typeof stringsContext, ReactiveControllerHost & HTMLElement>;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#consumer = new ContextConsumer(host, { context: stringsContext, subscribe: true });
  }

  get value(): AgentChatStrings {
    return this.#consumer.value ?? en;
  }
}
