import { LitElement, css, html, type PropertyValues } from 'lit';
import { clampRect } from '../../ui/layout/clamp.js';
import { startDrag } from '../../ui/layout/drag.js';
import { readFrameMemory, writeFrameMemory } from '../../ui/layout/persisted-frame.js';
import type { Rect, Size } from '../../ui/layout/rect.js';
import { EDGES, resizeRectWithin, type Edge } from '../../ui/layout/resize.js';
import { LAUNCHER_GAP, LAUNCHER_SIZE, type Corner } from '../../ui/layout/launcher-place.js';
import type { AgentChatStrings } from '../../i18n/strings.js';
import { shellTokens } from '../../ui/shell-tokens.js';
import { panelStyles } from '../../ui/frame-styles.js';

/** Seed 003's panel: 400 × 500 by default, never smaller than this. */
const DEFAULT_SIZE: Size = { width: 400, height: 520 };
const MIN_SIZE: Size = { width: 280, height: 320 };

/**
 * The floating widget's panel, above the launcher in its corner (the shell draws the launcher, which is all a
 * closed widget paints): dragged by its header and resized from its edges and corners, always inside the
 * viewport. Remembers where the user put it (not whether it is open: the shell keeps that).
 *
 * @fires frame-toggle - the user opened or closed the panel; detail is the new open state
 *
 * @csspart resize-handle - Floating: each of the panel's eight edges and corners that resize it (`data-edge` is n, ne, e, …).
 */
export class FloatingFrame extends LitElement {
  static override properties = {
    open: { type: Boolean, reflect: true },
    position: { reflect: true },
    storageKey: { attribute: false },
    heading: {},
    strings: { attribute: false },
    rect: { state: true },
  };

  declare open: boolean;
  /** The launcher's corner, which the panel opens by. */
  declare position: Corner;
  declare storageKey: string;
  declare heading: string;
  /** The shell's texts, in the element's language: the shell sets them with the frame's other properties. */
  declare strings: Pick<AgentChatStrings, 'closeChat'>;
  /** Where the user put the panel; undefined until they move it, so it follows its corner until then. */
  declare rect: Rect | undefined;

  constructor() {
    super();
    this.open = false;
    this.position = 'bottom-right';
    this.storageKey = '';
    this.heading = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.#onWindowResize);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.#onWindowResize);
  }

  /** Where the panel is drawn: the user's place, or the default by the launcher, inside the current viewport. */
  get panelRect(): Rect {
    const viewport = viewportSize();
    return clampRect(this.rect ?? defaultRect(this.position, viewport), viewport, MIN_SIZE);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('storageKey')) this.rect = readFrameMemory(this.storageKey).floating?.rect;
  }

  protected override render() {
    const rect = this.panelRect;
    // `.style` is a property binding, not the style attribute: CSSOM, which a strict CSP (no style-src-attr) allows.
    return html`<section
        class="panel"
        part="panel"
        role="dialog"
        aria-label=${this.heading}
        ?hidden=${!this.open}
        .style=${`left:${rect.x}px;top:${rect.y}px;width:${rect.width}px;height:${rect.height}px`}
      >
        <header part="header">
          <span class="title" part="title" @pointerdown=${this.#onTitleDown}>${this.heading}</span><slot name="header-actions"></slot>
          <button type="button" class="icon-button" part="close-button" aria-label=${this.strings.closeChat} @click=${() => this.#toggle(false)}>
            ×
          </button>
        </header>
        <slot name="messages"></slot>
        <slot name="composer"></slot>
        ${EDGES.map(
          (edge) => html`<div class="handle ${edge}" part="resize-handle" data-edge=${edge} @pointerdown=${(event: PointerEvent) => this.#onResizeDown(event, edge)}></div>`,
        )}
      </section>`;
  }

  #toggle(open: boolean): void {
    this.dispatchEvent(new CustomEvent('frame-toggle', { detail: open }));
  }

  /** The title is the handle: the header's buttons, and whatever the host put beside them, are pressed, not dragged. */
  #onTitleDown = (event: PointerEvent): void => {
    const start = this.panelRect;
    startDrag(event, event.currentTarget as Element, {
      move: ({ dx, dy }) => {
        this.rect = clampRect({ ...start, x: start.x + dx, y: start.y + dy }, viewportSize(), MIN_SIZE);
      },
      end: (moved) => moved && this.#remember(),
    });
  };

  #onResizeDown(event: PointerEvent, edge: Edge): void {
    const start = this.panelRect;
    startDrag(event, event.currentTarget as Element, {
      move: ({ dx, dy }) => {
        const viewport = viewportSize();
        this.rect = clampRect(resizeRectWithin(start, edge, dx, dy, MIN_SIZE, viewport), viewport, MIN_SIZE);
      },
      end: (moved) => moved && this.#remember(),
    });
  }

  #remember(): void {
    if (this.rect && this.storageKey) writeFrameMemory(this.storageKey, 'floating', { rect: this.rect });
  }

  /** The stored place is kept as the user left it; only the drawing is clamped, so it comes back when the window grows. */
  #onWindowResize = (): void => this.requestUpdate();

  static override styles = [
    shellTokens,
    panelStyles,
    css`
      :host {
        display: contents;
      }
      .panel {
        position: fixed;
        z-index: var(--_z);
        border-radius: var(--_radius);
        box-shadow: var(--_shadow);
      }
      .title {
        cursor: move;
        touch-action: none;
      }
      .handle {
        position: absolute;
        touch-action: none;
      }
      .n,
      .s {
        left: 8px;
        right: 8px;
        height: 6px;
        cursor: ns-resize;
      }
      .e,
      .w {
        top: 8px;
        bottom: 8px;
        width: 6px;
        cursor: ew-resize;
      }
      .n {
        top: 0;
      }
      .s {
        bottom: 0;
      }
      .e {
        right: 0;
      }
      .w {
        left: 0;
      }
      .ne,
      .nw,
      .se,
      .sw {
        width: 12px;
        height: 12px;
      }
      .ne {
        top: 0;
        right: 0;
        cursor: nesw-resize;
      }
      .sw {
        bottom: 0;
        left: 0;
        cursor: nesw-resize;
      }
      .nw {
        top: 0;
        left: 0;
        cursor: nwse-resize;
      }
      .se {
        bottom: 0;
        right: 0;
        cursor: nwse-resize;
      }
    `,
  ];
}

function viewportSize(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** Above (or below) the launcher, on its side of the screen. */
export function defaultRect(corner: Corner, viewport: Size): Rect {
  const { width, height } = DEFAULT_SIZE;
  const x = corner.endsWith('left') ? LAUNCHER_GAP : viewport.width - LAUNCHER_GAP - width;
  const offset = LAUNCHER_GAP + LAUNCHER_SIZE + 12;
  const y = corner.startsWith('top') ? offset : viewport.height - offset - height;
  return { x, y, width, height };
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-floating-frame': FloatingFrame;
  }
}
