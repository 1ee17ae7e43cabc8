import type { LitElement } from 'lit';

/**
 * After a chip's remove button took one chip away (`index`, in `host`'s list): the keyboard goes to the remove button
 * now in its place, or the one before it, or, with no chip left, to the composer's input, which shares the chips'
 * shadow root. Removed with the chip, the focused button left the focus on the page's body. Only when the button had
 * the focus: a click that did not focus it (Safari's) moves nothing. Waits a frame, by which the composer has
 * drawn the list without the chip.
 */
export function keepFocusAfterRemoval(host: LitElement, index: number): void {
  if (!host.shadowRoot?.activeElement) return;
  requestAnimationFrame(() => {
    const buttons = host.renderRoot.querySelectorAll<HTMLElement>('[data-remove]');
    const next = buttons[index] ?? buttons[index - 1];
    if (next) next.focus();
    else (host.getRootNode() as Document | ShadowRoot).querySelector<HTMLElement>('textarea')?.focus();
  });
}
