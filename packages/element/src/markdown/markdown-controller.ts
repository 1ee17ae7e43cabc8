import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { IncrementalMarkdown } from './incremental-markdown.js';
import type { RenderOptions } from './render-tokens.js';

/**
 * Feeds a host's text to an IncrementalMarkdown at most once per animation frame while it streams, so a fast
 * stream costs one lex and one render per painted frame however many deltas arrive in between. A text that is
 * not streaming (history, the end of a reply) is brought up to date at once, in the host's current update.
 */
export class MarkdownController implements ReactiveController {
  readonly markdown: IncrementalMarkdown;
  private readonly host: ReactiveControllerHost;
  private text = '';
  private streaming = false;
  private frame: number | undefined;
  private frameDone: Promise<void> | undefined;
  private resolveFrame: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, options: RenderOptions) {
    this.host = host;
    this.markdown = new IncrementalMarkdown(options);
    host.addController(this);
  }

  /** Resolves after the pending frame's work, if a frame is pending. */
  get pendingFrame(): Promise<void> | undefined {
    return this.frameDone;
  }

  configure(options: RenderOptions): void {
    this.markdown.configure(options);
  }

  /** The host's text changed (or started or stopped streaming). */
  set(text: string, streaming: boolean): void {
    this.text = text;
    this.streaming = streaming;
    this.markdown.caret = streaming;
    if (streaming) {
      this.schedule();
      return;
    }
    this.cancel();
    this.markdown.update(text, true);
  }

  hostConnected(): void {
    if (this.streaming) this.schedule();
  }

  hostDisconnected(): void {
    this.cancel();
  }

  private schedule(): void {
    if (this.frame !== undefined) return;
    this.frameDone ??= new Promise((resolve) => (this.resolveFrame = resolve));
    this.frame = requestAnimationFrame(() => {
      this.frame = undefined;
      if (this.markdown.update(this.text, false)) this.host.requestUpdate();
      this.settle();
    });
  }

  private cancel(): void {
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.frame = undefined;
    this.settle();
  }

  private settle(): void {
    const resolve = this.resolveFrame;
    this.frameDone = undefined;
    this.resolveFrame = undefined;
    resolve?.();
  }
}
