import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import {
  applyDockedSpace,
  clearDockedSpace,
  DEFAULT_DOCKED_WIDTH,
  drawnDockedWidth,
  maxDockedWidth,
  MIN_DOCKED_WIDTH,
  resizeDockedWidth,
} from '../../ui/layout/docked-width.js';
import { startDrag } from '../../ui/layout/drag.js';
import { readFrameMemory, writeFrameMemory } from '../../ui/layout/persisted-frame.js';
import type { AgentChatStrings } from '../../i18n/strings.js';
import { chatIcon } from '../../ui/chat-icon.js';
import { shellTokens } from '../../ui/shell-tokens.js';
import { dockedStyles, STRIP_WIDTH } from '../../ui/docked-styles.js';
import { panelStyles } from '../../ui/frame-styles.js';

const KEY_STEP = 16;

// Its chunk loads after a docked page's first paint, which the shell makes with the frame's stand-in
// (docked-stand-in.ts): the same place, width and room on the page.
/**
 * The docked side panel (seed 000): full height on the right or left, resized by dragging its inner edge,
 * collapsed to a strip. The page makes room for it through `--agent-chat-docked-width` on :root (and body
 * padding with `pad-body`); the width is remembered.
 *
 * @fires frame-toggle - the user collapsed or expanded the panel; detail is the new open state
 *
 * @csspart collapse-button - Docked: the header's button that collapses the panel to the strip.
 * @csspart strip - Docked: the collapsed panel, a narrow bar at the page's edge.
 * @csspart expand-button - Docked: the strip's button that expands the panel.
 * @csspart resize-edge - Docked: the panel's inner edge, dragged (or moved with the arrow keys) to resize it.
 */
export class DockedFrame extends LitElement {
  static override properties = {
    open: { type: Boolean, reflect: true },
    side: { reflect: true },
    padBody: { type: Boolean },
    unread: { type: Number },
    storageKey: { attribute: false },
    heading: {},
    strings: { attribute: false },
    width: { state: true },
  };

  declare open: boolean;
  declare side: 'left' | 'right';
  declare padBody: boolean;
  declare unread: number;
  declare storageKey: string;
  declare heading: string;
  /** The shell's texts, in the element's language: the shell sets them with the frame's other properties. */
  declare strings: Pick<AgentChatStrings, 'openChat' | 'collapseChat' | 'resizePanel'>;
  declare width: number;

  constructor() {
    super();
    this.open = true;
    this.side = 'right';
    this.padBody = false;
    this.unread = 0;
    this.storageKey = '';
    this.heading = '';
    this.width = DEFAULT_DOCKED_WIDTH;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('resize', this.#onWindowResize);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('resize', this.#onWindowResize);
    clearDockedSpace();
  }

  /** The width drawn: the chosen one, within what the window allows. */
  get panelWidth(): number {
    return drawnDockedWidth(this.width);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('storageKey')) this.width = readFrameMemory(this.storageKey).docked?.width ?? DEFAULT_DOCKED_WIDTH;
  }

  protected override updated(): void {
    applyDockedSpace({ side: this.side, width: this.open ? this.panelWidth : STRIP_WIDTH, padBody: this.padBody });
  }

  protected override render() {
    const t = this.strings;
    if (!this.open) {
      return html`<aside class="docked strip" part="strip">
        <button type="button" class="icon-button expand" part="expand-button" aria-label=${t.openChat} aria-expanded="false" @click=${() => this.#toggle(true)}>
          ${chatIcon}${this.unread > 0 ? html`<span class="badge" part="badge">${this.unread > 99 ? '99+' : this.unread}</span>` : nothing}
        </button>
      </aside>`;
    }
    const width = this.panelWidth;
    return html`<aside class="panel docked" part="panel" aria-label=${this.heading} .style=${`width:${width}px`}>
      <div
        class="edge"
        part="resize-edge"
        role="separator"
        aria-orientation="vertical"
        aria-label=${t.resizePanel}
        aria-valuenow=${width}
        aria-valuemin=${MIN_DOCKED_WIDTH}
        aria-valuemax=${maxDockedWidth()}
        tabindex="0"
        @pointerdown=${this.#onEdgeDown}
        @keydown=${this.#onEdgeKey}
      ></div>
      <header part="header">
        <span class="title" part="title">${this.heading}</span><slot name="header-actions"></slot>
        <button type="button" class="icon-button" part="collapse-button" aria-label=${t.collapseChat} aria-expanded="true" @click=${() => this.#toggle(false)}>
          ${this.side === 'right' ? '›' : '‹'}
        </button>
      </header>
      <slot name="messages"></slot>
      <slot name="composer"></slot>
    </aside>`;
  }

  #toggle(open: boolean): void {
    this.dispatchEvent(new CustomEvent('frame-toggle', { detail: open }));
  }

  #onEdgeDown = (event: PointerEvent): void => {
    const start = this.panelWidth;
    startDrag(event, event.currentTarget as Element, {
      move: ({ dx }) => (this.width = resizeDockedWidth(start, this.side, dx, MIN_DOCKED_WIDTH, maxDockedWidth())),
      end: (moved) => moved && this.#remember(),
    });
  };

  /** The separator moves with the arrow keys too: the panel's side grows towards the page. */
  #onEdgeKey = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const dx = event.key === 'ArrowLeft' ? -KEY_STEP : KEY_STEP;
    this.width = resizeDockedWidth(this.panelWidth, this.side, dx, MIN_DOCKED_WIDTH, maxDockedWidth());
    this.#remember();
  };

  #remember(): void {
    if (this.storageKey) writeFrameMemory(this.storageKey, 'docked', { width: this.width });
  }

  #onWindowResize = (): void => this.requestUpdate();

  static override styles = [
    shellTokens,
    panelStyles,
    dockedStyles,
    css`
      :host {
        display: contents;
      }
      .strip {
        display: flex;
        justify-content: center;
        padding-top: 8px;
      }
      .expand {
        position: relative;
        width: 40px;
        height: 40px;
        color: var(--_accent);
      }
      .badge {
        position: absolute;
        top: -2px;
        right: -2px;
        min-width: 18px;
        height: 18px;
        padding: 0 4px;
        box-sizing: border-box;
        border-radius: 9px;
        background: var(--_danger);
        color: #fff;
        font-size: 11px;
        font-weight: 700;
        line-height: 18px;
      }
      .edge {
        position: absolute;
        top: 0;
        bottom: 0;
        width: 8px;
        cursor: ew-resize;
        touch-action: none;
        z-index: 1;
      }
      :host([side='right']) .edge {
        left: -4px;
      }
      :host([side='left']) .edge {
        right: -4px;
      }
      .edge:hover,
      .edge:focus-visible {
        background: var(--_accent);
        opacity: 0.4;
        outline: none;
      }
    `,
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'agent-chat-docked-frame': DockedFrame;
  }
}
