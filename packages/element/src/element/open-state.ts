import type { ReactiveController, ReactiveElement } from 'lit';
import { emit } from '../events.js';
import type { Frame } from '../ui/layout/frame-of.js';
import { readFrameMemory, writeFrameMemory } from '../ui/layout/persisted-frame.js';

/** The element as its open state reads it. */
export interface OpenHost extends ReactiveElement {
  /** The element's `opened` property (its `open` attribute). */
  opened: boolean;
  readonly frame: Frame;
  focus(): void;
}

/**
 * Whether the panel is open (floating, drawer), expanded (docked) or shows its output (ephemeral). Each frame opens
 * as it was left; the user's hand and the API open and close it, remembered, announced (`agent-chat-open`,
 * `agent-chat-close`), and the composer focused.
 */
export class OpenState implements ReactiveController {
  readonly #element: OpenHost;
  readonly #storageKey: () => string;
  /** The `open` attribute the page wrote: open where the frame remembers nothing. */
  #byDefault = false;

  constructor(element: OpenHost, storageKey: () => string) {
    this.#element = element;
    this.#storageKey = storageKey;
    element.addController(this);
  }

  hostConnected(): void {
    this.#byDefault = this.#element.hasAttribute('open');
  }

  /**
   * As the frame was left: remembered for floating and docked, closed for a drawer and ephemeral, always open inline.
   * Only the first two read the memory: a page's first read of localStorage costs a few ms (measured: 5.5 ms of an
   * inline element's first paint), and the others would only throw it away.
   */
  restore(): void {
    const frame = this.#element.frame;
    // A phone's screen is all drawer: it opens when asked to, not because a desktop left it open.
    this.#element.opened =
      frame === 'floating' || frame === 'docked'
        ? (readFrameMemory(this.#storageKey())[frame]?.open ?? (frame === 'docked' || this.#byDefault))
        : frame !== 'drawer' && frame !== 'ephemeral';
  }

  /** Open or close by the user's hand or the API: remembered, announced, and the composer focused. */
  set(open: boolean): void {
    const element = this.#element;
    const frame = element.frame;
    if (open === element.opened || frame === 'inline' || frame === 'none') return;
    element.opened = open;
    if (frame === 'floating' || frame === 'docked') writeFrameMemory(this.#storageKey(), frame, { open });
    emit(element, open ? 'agent-chat-open' : 'agent-chat-close', { frame });
    if (open && frame !== 'ephemeral') void element.updateComplete.then(() => element.focus());
  }

  /** A frame opened or closed itself (its buttons, Escape, a click on the drawer's overlay). */
  readonly toggled = (event: CustomEvent<boolean>): void => {
    event.stopPropagation();
    this.set(event.detail);
  };
}
