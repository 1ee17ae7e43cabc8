import type { ReactiveController, ReactiveElement } from 'lit';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { DISPLAY_MODES } from './host-context.js';

/**
 * How a view is drawn (MCP Apps' display modes): `inline` in the conversation; `fullscreen`, its box filling the
 * viewport; `pip`, a small box floating in a corner that stays in sight while the conversation scrolls. Out of
 * the conversation the box is a popover (`.app[popover]`), in the top layer: above the page and out of every
 * clipping or transformed ancestor, without being moved in the DOM (a frame that moves reloads). Escape brings a
 * full-screen view back, as its bar's button does.
 */
export class DisplayMode implements ReactiveController {
  #mode: McpUiDisplayMode = 'inline';

  constructor(
    private readonly host: ReactiveElement,
    /** The mode changed and is drawn: the view is told (its host context). */
    private readonly changed: () => void,
  ) {
    host.addController(this);
  }

  get mode(): McpUiDisplayMode {
    return this.#mode;
  }

  /** Draw the view in `mode` if it is one the element offers; the mode it is drawn in once done. */
  async set(mode: McpUiDisplayMode): Promise<McpUiDisplayMode> {
    if (!DISPLAY_MODES.includes(mode) || mode === this.#mode) return this.#mode;
    this.#mode = mode;
    this.host.setAttribute('display-mode', mode);
    if (mode === 'fullscreen') addEventListener('keydown', this.#escape, true);
    else removeEventListener('keydown', this.#escape, true);
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.changed();
    return this.#mode;
  }

  hostUpdated(): void {
    const box = this.host.renderRoot.querySelector<HTMLElement>('.app[popover]');
    if (box?.isConnected && !box.matches(':popover-open')) box.showPopover();
  }

  hostDisconnected(): void {
    removeEventListener('keydown', this.#escape, true);
    this.#mode = 'inline';
    this.host.removeAttribute('display-mode');
  }

  /** Escape on the page (not in the view's frame, whose keys are its own) ends full screen, and only that. */
  readonly #escape = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    void this.set('inline');
  };
}
