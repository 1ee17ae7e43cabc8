import type { ReactiveControllerHost } from 'lit';
import { LOCALE_REGISTERED, resolveTable } from './locales.js';

/**
 * A table of texts for a host's `locale` and `strings`: resolved when either changes, and again when a locale's
 * script arrives after the element first rendered (two script tags). `changed` hears each new value.
 */
export class LocalizedTable<T extends Record<string, string>> {
  value: T;
  readonly #base: T;
  readonly #changed: (value: T) => void;
  #locale: string | undefined;
  #overrides: Partial<Record<string, unknown>> | undefined;

  constructor(host: ReactiveControllerHost, base: T, changed: (value: T) => void) {
    this.value = this.#base = base;
    this.#changed = changed;
    const refresh = () => {
      if (this.#locale) this.#resolve();
    };
    host.addController({
      hostConnected: () => addEventListener(LOCALE_REGISTERED, refresh),
      hostDisconnected: () => removeEventListener(LOCALE_REGISTERED, refresh),
    });
  }

  update(locale: string | undefined, overrides: Partial<Record<string, unknown>> | undefined): void {
    if (locale === this.#locale && overrides === this.#overrides) return;
    this.#locale = locale;
    this.#overrides = overrides;
    this.#resolve();
  }

  #resolve(): void {
    this.value = resolveTable(this.#base, this.#locale, this.#overrides);
    this.#changed(this.value);
  }
}
