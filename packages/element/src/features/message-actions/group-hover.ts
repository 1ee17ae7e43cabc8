import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The pointer over the bar's group (its parent: the message and its reply, in the list), so that hovering anywhere on
 * them shows the bars.
 */
export class GroupHover implements ReactiveController {
  readonly #bar: ReactiveControllerHost & HTMLElement;
  readonly #changed: (over: boolean) => void;
  #group: HTMLElement | null = null;

  constructor(bar: ReactiveControllerHost & HTMLElement, changed: (over: boolean) => void) {
    this.#bar = bar;
    this.#changed = changed;
    bar.addController(this);
  }

  hostConnected(): void {
    this.#group = this.#bar.parentElement;
    this.#group?.addEventListener('pointerenter', this.#enter);
    this.#group?.addEventListener('pointerleave', this.#leave);
  }

  hostDisconnected(): void {
    this.#group?.removeEventListener('pointerenter', this.#enter);
    this.#group?.removeEventListener('pointerleave', this.#leave);
    this.#group = null;
  }

  readonly #enter = () => this.#changed(true);
  readonly #leave = () => this.#changed(false);
}
