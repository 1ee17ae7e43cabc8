import { ContextConsumer } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import { elementHostContext } from '../context/element-host.js';

/**
 * A part's texts: one table (its English, e.g. `en`, `cardsEn`, `threadsEn`) in the element's language and with the
 * page's overrides, as the element resolves it (ElementHost.texts), so every part of a page shows the same words for
 * a key. The part redraws when they change; English where no element provides them (a part on its own).
 */
export class Texts<T extends Record<string, string>> {
  readonly #host: ContextConsumer<typeof elementHostContext, ReactiveControllerHost & HTMLElement>;
  readonly #base: T;

  constructor(part: ReactiveControllerHost & HTMLElement, base: T) {
    this.#host = new ContextConsumer(part, { context: elementHostContext, subscribe: true });
    this.#base = base;
  }

  get value(): T {
    return this.#host.value?.texts(this.#base) ?? this.#base;
  }
}
