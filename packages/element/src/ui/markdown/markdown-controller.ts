import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { IncrementalMarkdown } from './incremental-markdown.js';
import type { RenderOptions } from './render-options.js';

/**
 * How much of a text given whole is lexed and rendered per animation frame: with the frame's style, layout and
 * paint of it, 20–35 ms on a 2-core machine, so a 50 KB reply given at once (history, a reply that came in one
 * event) takes about a dozen frames under 50 ms rather than one task of 180 ms. Twice as much a slice cost as much
 * in all and made frames of 60–95 ms (issue 33, docs/benchmarks.md).
 */
const SLICE = 4_000;
/** The shortest time (ms) between two renders of streamed text in the host's own update: a frame at 60 Hz. */
const FRAME_MS = 16;
/** How long the text must stand still before the caret blinks. */
const BLINK_AFTER_MS = 500;

/**
 * Feeds a host's text to its markdown at most once per animation frame while it streams, so a fast stream costs
 * one parse of the new characters and one render per painted frame however many deltas arrive in between. A
 * text that is not streaming (history, the end of a reply) is brought up to date in the host's current update,
 * or, past SLICE characters, SLICE characters a frame, cut at line ends (the first slice at once, so the reply
 * never shows empty). It is the IncrementalMarkdown itself (`markdown` is kept for the hosts that render
 * `controller.markdown.view()`).
 */
export class MarkdownController extends IncrementalMarkdown implements ReactiveController {
  readonly markdown: IncrementalMarkdown = this;
  readonly #host: ReactiveControllerHost;
  #value!: string;
  #streaming?: boolean;
  #frame: number | undefined;
  /**
   * A slice was drawn in the host's update, between frames, and more are to come: the next waits a frame, or the
   * two would be laid out and painted in one.
   */
  #slicedBetweenFrames = false;
  /** Resolves after the pending frames' work (a streaming frame, or the rest of a long text), if any is pending. */
  pendingFrame: Promise<void> | undefined;
  #resolveFrame: (() => void) | undefined;
  #blink: ReturnType<typeof setTimeout> | undefined;
  /** When streamed text was last shown (performance.now()). */
  #streamedAt = -Infinity;

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

  /**
   * The host's text changed (or started or stopped streaming). Returns whether what it shows changed now, in the
   * host's current update; otherwise it changes in a later frame (and the host is asked to update then).
   */
  set(text: string, streaming: boolean): boolean {
    this.#value = text;
    this.#streaming = streaming;
    this.caret = streaming;
    if (streaming) {
      // Text that comes at most once a frame (the conversation publishes deltas at most every 50 ms, in an
      // animation frame) is shown in the update that brings it: waiting for the next frame cost each publish a
      // frame of its own, committed with nothing new to show, and showed the text a frame late. Faster than that,
      // it waits for the next frame, which takes all that came meanwhile. More than a slice at once (a whole reply
      // in one event) is shown a slice a frame, as a history is.
      const now = performance.now();
      if (this.#frame === undefined && now - this.#streamedAt >= FRAME_MS) {
        const shown = this.#streamStep(now);
        this.#slicedBetweenFrames = this.#frame !== undefined;
        return shown;
      }
      this.#schedule();
      return false;
    }
    // The reply ended: its caret neither blinks nor waits to (a timer left running marked the ended reply's DOM
    // as blinking half a second later, unlike the same text given whole).
    this.#still();
    // A frame already due takes the next slice: a slice now as well would lay out two in this frame.
    if (this.#frame !== undefined && this.#value.length - this.given.length > SLICE) return false;
    if (this.#step()) {
      this.#schedule();
      this.#slicedBetweenFrames = true;
    } else this.#cancel();
    return false;
  }

  hostConnected(): void {
    // A reply still streaming when its host comes back blinks once it has stood still again, as after a delta.
    if (this.#streaming) this.#steady();
    if (this.#streaming || (this.#value && this.#value.length > this.given.length)) this.#schedule();
  }

  hostDisconnected(): void {
    this.#cancel();
    // No timer outlives the host: a detached bubble is neither kept alive by it nor changed behind its back.
    this.#still();
  }

  #schedule(): void {
    if (this.#frame !== undefined) return;
    this.pendingFrame ??= new Promise((resolve) => (this.#resolveFrame = resolve));
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      if (this.#slicedBetweenFrames) {
        this.#slicedBetweenFrames = false;
        this.#schedule();
        return;
      }
      let more = false;
      if (this.#streaming) {
        if (this.#streamStep(performance.now())) this.#host.requestUpdate();
      } else {
        more = this.#step();
        this.#host.requestUpdate();
      }
      if (more) this.#schedule();
      // A streaming slice schedules its own next frame.
      if (this.#frame === undefined) this.#settle();
    });
  }

  /**
   * The caret holds still while text arrives and blinks once it stops, as an editor's does: a running animation
   * makes every frame's commit several times dearer (measured: a 10 KB reply's main-thread time 294 ms → 202 ms).
   */
  #steady(): void {
    this.#still();
    this.#blink = setTimeout(() => this.trailer.classList.add('blink'), BLINK_AFTER_MS);
  }

  /** The caret stops blinking and its timer stops. */
  #still(): void {
    clearTimeout(this.#blink);
    this.#blink = undefined;
    this.trailer.classList.remove('blink');
  }

  /**
   * Shows the streaming text, or its next slice (the rest in later frames). Returns whether what is shown changed.
   */
  #streamStep(now: number): boolean {
    this.#streamedAt = now;
    const shown = this.given;
    if (this.#step(false)) this.#schedule();
    if (this.given === shown) return false;
    this.#steady();
    return true;
  }

  /**
   * Brings the text up to date, or its next slice; returns whether more slices are to come. `exact`: the text is
   * complete (not streaming).
   */
  #step(exact = true): boolean {
    // As IncrementalMarkdown keeps it, so what is shown is a prefix of it.
    const text = this.#value.replace(/\r\n?/g, '\n');
    const given = this.given;
    // A replacement starts over; an extension goes on from what is shown.
    const from = text.startsWith(given) ? given.length : 0;
    if (text.length - from <= SLICE) {
      this.update(text, exact);
      return false;
    }
    const cut = text.indexOf('\n', from + SLICE);
    if (cut < 0) {
      this.update(text, exact);
      return false;
    }
    this.update(text.slice(0, cut + 1), false);
    return true;
  }

  #cancel(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    this.#slicedBetweenFrames = false;
    this.#settle();
  }

  #settle(): void {
    const resolve = this.#resolveFrame;
    this.pendingFrame = undefined;
    this.#resolveFrame = undefined;
    resolve?.();
  }
}
