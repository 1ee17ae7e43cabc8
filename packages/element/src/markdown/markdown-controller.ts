import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { IncrementalMarkdown } from './incremental-markdown.js';
import type { RenderOptions } from './render-options.js';

/**
 * Feeds a host's text to its markdown at most once per animation frame while it streams, so a fast stream costs
 * one parse of the new characters and one render per painted frame however many deltas arrive in between. A
 * text that is not streaming (history, the end of a reply) is brought up to date at once, in the host's current
 * update. It is the IncrementalMarkdown itself (`markdown` is kept for the hosts that render
 * `controller.markdown.view()`).
 */
export class MarkdownController extends IncrementalMarkdown implements ReactiveController {
  readonly markdown: IncrementalMarkdown = this;
  readonly #host: ReactiveControllerHost;
  #value!: string;
  #streaming?: boolean;
  #frame: number | undefined;
  /** Resolves after the pending frame's work, if a frame is pending. */
  pendingFrame: Promise<void> | undefined;
  #resolveFrame: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, options: RenderOptions) {
    super(options);
    this.#host = host;
    host.addController(this);
  }

  /**
   * The render options now; when they differ from the last, everything is parsed and rendered again (the host
   * then gives the text anew with set()). Returns whether they differed.
   */
  configure(options: RenderOptions): boolean {
    if (options.allowImages === this.options.allowImages && options.strings === this.options.strings) return false;
    this.options = options;
    this.start();
    // Parsed again at once, not on the next frame: a streaming reply must not show empty for a frame.
    if (this.#value) this.update(this.#value, !this.#streaming);
    return true;
  }

  /** The host's text changed (or started or stopped streaming). */
  set(text: string, streaming: boolean): void {
    this.#value = text;
    this.#streaming = streaming;
    this.caret = streaming;
    if (streaming) {
      this.#schedule();
      return;
    }
    this.#cancel();
    this.update(text, true);
  }

  hostConnected(): void {
    if (this.#streaming) this.#schedule();
  }

  hostDisconnected(): void {
    this.#cancel();
  }

  #schedule(): void {
    if (this.#frame !== undefined) return;
    this.pendingFrame ??= new Promise((resolve) => (this.#resolveFrame = resolve));
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      if (this.update(this.#value, false)) this.#host.requestUpdate();
      this.#settle();
    });
  }

  #cancel(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    this.#settle();
  }

  #settle(): void {
    const resolve = this.#resolveFrame;
    this.pendingFrame = undefined;
    this.#resolveFrame = undefined;
    resolve?.();
  }
}
