import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Below this viewport width (px), by default, floating and docked show as a drawer. */
export const DEFAULT_BREAKPOINT = 640;

/** The element as its narrowness is measured: `narrow` is written here, from `breakpoint`. */
export interface NarrowHost extends ReactiveControllerHost {
  narrow: boolean;
  readonly breakpoint: number;
}

/** Keeps the element's `narrow` true while the viewport is narrower than its `breakpoint`. */
export class NarrowScreen implements ReactiveController {
  readonly #element: NarrowHost;

  constructor(element: NarrowHost) {
    this.#element = element;
    element.addController(this);
  }

  hostConnected(): void {
    addEventListener('resize', this.measure);
    this.measure();
  }

  hostDisconnected(): void {
    removeEventListener('resize', this.measure);
  }

  readonly measure = (): void => {
    this.#element.narrow = innerWidth < (this.#element.breakpoint || DEFAULT_BREAKPOINT);
  };
}
