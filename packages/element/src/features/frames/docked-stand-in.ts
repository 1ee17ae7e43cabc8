import { html, type TemplateResult } from 'lit';
import { applyDockedSpace, clearDockedSpace, DEFAULT_DOCKED_WIDTH, drawnDockedWidth } from '../../ui/layout/docked-width.js';
import { readFrameMemory } from '../../ui/layout/persisted-frame.js';
import { STRIP_WIDTH } from '../../ui/docked-styles.js';
import type { DockedShell } from '../../context/frame-view.js';

// A docked page's first paint. The docked frame (its header's buttons, the edge that resizes it, the strip's
// badge) loads after that paint; until it is in, the shell draws this stand-in in its own shadow root: the panel at
// its width with its header, or the collapsed strip, where the frame will draw them (the shell's styles place them
// with the frame's own rules, ui/docked-styles.ts). It holds the room the panel takes on the page from that
// first paint, at the width the frame will take, so nothing on the page moves when the frame takes over.

/** What the shell drew for the docked layout in its last update: the stand-in, the frame, or neither. */
export type DockedDrawing = 'stand-in' | 'frame' | undefined;

/** The shells whose stand-in holds the page's room. */
const holding = new WeakSet<DockedShell>();

/** The width the frame will draw the panel at: the remembered one, within the window. */
function panelWidth(storageKey: string): number {
  return drawnDockedWidth(readFrameMemory(storageKey).docked?.width ?? DEFAULT_DOCKED_WIDTH);
}

/** The panel at the width the frame will take, with its header (and the host's header actions), or the strip. */
export function renderStandIn(shell: DockedShell, storageKey: string, heading: string): TemplateResult {
  return shell.opened
    ? html`<div class="panel docked" part="panel" .style=${`width:${panelWidth(storageKey)}px`}>
        <header part="header"><span class="title" part="title">${heading}</span><slot name="header-actions"></slot></header>
      </div>`
    : html`<div class="docked strip" part="strip"></div>`;
}

/**
 * After each of the shell's updates: the stand-in holds the room it takes, as the frame will (DockedFrame.updated);
 * the frame holds it from its own first update on; a shell that leaves the docked layout, or the page, before the
 * frame came gives it back.
 */
export function holdSpace(shell: DockedShell, storageKey: string, drawn: DockedDrawing): void {
  if (drawn === 'stand-in') {
    const width = shell.opened ? panelWidth(storageKey) : STRIP_WIDTH;
    applyDockedSpace({ side: shell.side === 'left' ? 'left' : 'right', width, padBody: shell.padBody });
    holding.add(shell);
  } else if (holding.delete(shell) && !drawn) {
    clearDockedSpace();
  }
}
