import { nothing, type ReactiveController, type ReactiveElement } from 'lit';
import { load, loaded } from '../features/registry.js';
import type { Frame } from '../ui/layout/frame-of.js';
import { afterPaint } from '../ui/later.js';
import type { ChunkedFrame, DockedShell, FrameProps } from '../context/frame-view.js';

/** How to draw the frame, once its chunk is in. */
const frameView = (frame: ChunkedFrame) => loaded(`${frame}-frame`)?.view;

/** The element as its frames read it: where it is, and its layout settings. */
export interface FrameHost extends ReactiveElement, DockedShell, Pick<FrameProps, 'position' | 'hideAfter'> {
  readonly frame: Frame;
}

/** What the shell puts in and on the frame; the rest of its props are the element's settings. */
export type FrameContent = Pick<FrameProps, 'content' | 'heading' | 'unread' | 'strings' | 'toggle'>;

/**
 * Where the shell draws its frame: each frame is a chunk of its own (context/frame-view.ts), asked for (features/registry.ts)
 * when the element first lays itself out in it, and drawn only once it is in (before that, what it slots would show unstyled in the page);
 * a docked page draws the frame's stand-in meanwhile, which holds the page's room beside the panel.
 */
export class FrameSlot implements ReactiveController {
  readonly #element: FrameHost;
  readonly #storageKey: () => string;
  /** The current frame's chunk, while it loads. */
  #loading: Promise<void> | undefined;

  constructor(element: FrameHost, storageKey: () => string) {
    this.#element = element;
    this.#storageKey = storageKey;
    element.addController(this);
  }

  /** The frame's chunk on its way, if it is. */
  get loading(): Promise<void> | undefined {
    return this.#loading;
  }

  /**
   * The current frame's chunk, if it is not in yet. Before the first paint a page loads only what that paint shows:
   * a floating or narrow page its launcher (it is in the first load), a docked one the frame's stand-in (its own
   * small chunk: the panel at its width, or the strip); their frame comes after. A panel open at once, or a layout
   * taken later, loads its frame at once. The ephemeral frame shows the conversation, so it is drawn with it. A
   * load is shared (features/registry.ts): asking again while it is on its way costs nothing.
   */
  load(): void {
    const element = this.#element;
    const frame = element.frame;
    if (frame === 'inline' || frame === 'none' || frameView(frame)) return;
    let loading: Promise<unknown>;
    const loadFrame = () => load(`${frame}-frame`, element);
    if (element.hasUpdated || (element.opened && frame !== 'docked')) loading = loadFrame();
    else {
      // The first paint waits for nothing but the docked stand-in; the frame is asked for once the stand-in is in
      // (and drawn, in the update that asks), or after that paint when the launcher stands in for it.
      const first = frame === 'docked' ? load('docked-stand-in', element).then(() => element.requestUpdate()) : afterPaint();
      loading = first.then(loadFrame);
    }
    const framing: Promise<void> = loading.then(
      () => {
        if (this.#loading === framing) this.#loading = undefined;
        element.requestUpdate();
      },
      () => {
        // The registry has said so; the next update asks again.
        if (this.#loading === framing) this.#loading = undefined;
      },
    );
    this.#loading = framing;
  }

  /** The current frame around what goes in it, once its chunk is in; until then a docked page's stand-in. */
  draw(inside: FrameContent): unknown {
    const element = this.#element;
    const frame = element.frame;
    const storageKey = this.#storageKey();
    const view = frame === 'inline' || frame === 'none' ? undefined : frameView(frame);
    if (!view) return frame === 'docked' ? (loaded('docked-stand-in')?.renderStandIn(element, storageKey, inside.heading) ?? nothing) : nothing;
    const { opened: open, position, side, padBody, hideAfter } = element;
    return view({ ...inside, open, position, side: side === 'left' ? 'left' : 'right', padBody, hideAfter, storageKey });
  }

  hostUpdated(): void {
    // A docked page's room beside the panel: held by the stand-in until the frame is drawn, by the frame after.
    const frame = this.#element.frame;
    loaded('docked-stand-in')?.holdSpace(this.#element, this.#storageKey(), frame !== 'docked' ? undefined : frameView(frame) ? 'frame' : 'stand-in');
  }

  hostDisconnected(): void {
    loaded('docked-stand-in')?.holdSpace(this.#element, '', undefined);
  }
}
