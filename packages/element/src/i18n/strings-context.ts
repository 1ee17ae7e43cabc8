import { ContextConsumer, ContextProvider, createContext } from '@lit/context';
import type { ReactiveControllerHost, ReactiveElement } from 'lit';
import { findLocale, LOCALE_REGISTERED } from './locales.js';
import { en, type AgentChatStrings } from './strings.js';

/** The texts of the element, resolved once by the shell and read by every part. */
export const stringsContext = createContext<AgentChatStrings>(Symbol('agent-chat-strings'));

/** English, under the registered table of `locale` (if any), under a host's overrides. */
export function resolveStrings(locale: string | undefined, overrides: Partial<AgentChatStrings> | undefined): AgentChatStrings {
  const table = findLocale(locale);
  if (!table && !overrides) return en;
  // Only known keys, and only strings: a host's typo or a stray value must not break rendering.
  const merged: AgentChatStrings = { ...en };
  for (const key of Object.keys(en) as (keyof AgentChatStrings)[]) {
    const value = [overrides?.[key], table?.[key]].find((text) => typeof text === 'string');
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

/**
 * Provides the strings for a locale and a host's overrides. The shell calls `update` when its `locale` or
 * `strings` change; every part below re-renders through the context.
 */
export class StringsProvider {
  readonly #provider: ContextProvider<typeof stringsContext>;
  #locale: string | undefined;
  #overrides: Partial<AgentChatStrings> | undefined;

  constructor(host: ReactiveElement) {
    this.#provider = new ContextProvider(host, { context: stringsContext, initialValue: en });
    // A locale's script may run after the element first rendered (two script tags): it shows up when it arrives.
    const refresh = () => {
      if (this.#locale) this.#provider.setValue(resolveStrings(this.#locale, this.#overrides));
    };
    host.addController({
      hostConnected: () => addEventListener(LOCALE_REGISTERED, refresh),
      hostDisconnected: () => removeEventListener(LOCALE_REGISTERED, refresh),
    });
  }

  get value(): AgentChatStrings {
    return this.#provider.value;
  }

  update(locale: string | undefined, overrides: Partial<AgentChatStrings> | undefined): void {
    if (locale === this.#locale && overrides === this.#overrides) return;
    this.#locale = locale;
    this.#overrides = overrides;
    this.#provider.setValue(resolveStrings(locale, overrides));
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
