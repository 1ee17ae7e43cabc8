import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { inIdlePeriod, type IdleTime } from '../../ui/idle-period.js';
import type { HistoryWindow } from './history-window.js';

/** Less of an idle period left than this (ms), and the work waits for the next: a group drawn costs 3–10 ms. */
const MIN_IDLE_MS = 6;
/** The most of one idle period the work takes (ms). */
const SLICE_MS = 12;

/** What DrawAhead works on: the list's window and its groups' elements. */
export interface DrawAheadOptions {
  window: HistoryWindow;
  /** The groups' elements, in order. */
  elements(): readonly HTMLElement[];
  /** Those drawn in full. */
  drawnInFull(): Iterable<HTMLElement>;
  /** A reply is streaming: its frames come first, and its end looks again (soon()). */
  busy(): boolean;
  /** The reader is scrolling: far groups are put away once they stop, drawing ahead cannot wait. */
  scrolling(): boolean;
  /** Lays out what was just drawn, by reading the list's geometry. */
  layOut(): void;
}

/**
 * The window's work that can wait for idle time: drawing the stand-ins near the viewport before the reader gets
 * there, and putting away the groups far from it. Each group is drawn and laid out in an idle period, so a reader
 * scrolling finds the groups drawn already and the scroll's frames have little more to do than paint (issue 33:
 * scrolling a 1,000-message history at 150 px a frame dropped 9–23 of 90 frames, drawing groups in them). A
 * stand-in the reader reaches before it was drawn ahead is still drawn at once, by the list's check after a scroll.
 */
export class DrawAhead implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #options: DrawAheadOptions;
  #cancel: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, options: DrawAheadOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  /** Look again in the next idle period (after a scroll, a history drawn, a reply ended). */
  soon(): void {
    this.#cancel ??= inIdlePeriod((idle) => {
      this.#cancel = undefined;
      void this.#work(idle);
    });
  }

  /**
   * In an idle period: what is far put away (and what the reader reached drawn), then groups drawn ahead one by one
   * while the period lasts (at most SLICE_MS of it: a reader may start to scroll in the middle of a long one); then
   * the next period.
   */
  async #work(idle: IdleTime): Promise<void> {
    const { window, busy } = this.#options;
    if (busy()) return;
    const until = performance.now() + SLICE_MS;
    // Putting a group away costs as much as drawing one: while the reader scrolls, the time goes to what is ahead.
    if (window.check(this.#options.elements(), this.#options.drawnInFull(), this.#options.scrolling())) await this.#draw();
    while (!busy() && idle.timeRemaining() > MIN_IDLE_MS && performance.now() < until) {
      const ahead = window.nextAhead(this.#options.elements());
      if (ahead === undefined) {
        // Far groups were kept for the scroll: looked at again once it stops.
        if (this.#options.scrolling()) this.soon();
        return;
      }
      window.drawAhead(ahead);
      await this.#draw();
    }
    if (!busy()) this.soon();
  }

  /** Draws the window as it now is, and lays it out, in this idle period (Lit's update is a microtask away). */
  async #draw(): Promise<void> {
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#options.layOut();
  }
}
