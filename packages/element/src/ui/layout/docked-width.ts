// The docked panel's width: how dragging its edge changes it, and the room it takes on the page.

/** The custom property a host lays out its content with, beside a docked panel. */
export const DOCKED_WIDTH_PROPERTY = '--agent-chat-docked-width';
/** Seed 000: a ~380 px right column. */
export const DEFAULT_DOCKED_WIDTH = 380;
export const MIN_DOCKED_WIDTH = 280;

export interface DockedSpace {
  side: 'left' | 'right';
  /** What the panel takes: its width, the strip's when collapsed, 0 when it overlays (narrow screens). */
  width: number;
  /** Also pad document.body on that side, for hosts that lay out nothing themselves. */
  padBody: boolean;
}

/** A docked panel's width after dragging its inner edge by dx: the inner edge is the left one on the right side. */
export function resizeDockedWidth(start: number, side: 'left' | 'right', dx: number, min: number, max: number): number {
  const width = side === 'right' ? start - dx : start + dx;
  return Math.round(Math.min(Math.max(width, min), Math.max(min, max)));
}

/** What a docked panel leaves the page at the least (a 1,024 px window: an editor's tabs need ~575 px). */
export const MIN_PAGE_WIDTH = 600;

/**
 * The widest a docked panel may be: what leaves the page MIN_PAGE_WIDTH, and at most 80 % of the window, but never
 * less than the default width, so a window too small to give the page that much still gets the seed's panel.
 * A width remembered from a wider window is drawn within this, and comes back when the window grows again.
 */
export function maxDockedWidth(): number {
  const width = window.innerWidth;
  return Math.max(DEFAULT_DOCKED_WIDTH, Math.round(Math.min(width * 0.8, width - MIN_PAGE_WIDTH)));
}

/** The width a docked panel is drawn at: the chosen one, within what the window allows. */
export function drawnDockedWidth(chosen: number): number {
  return resizeDockedWidth(chosen, 'left', 0, MIN_DOCKED_WIDTH, maxDockedWidth());
}

let bodyPaddingBefore: { side: 'left' | 'right'; value: string } | undefined;

/** Tell the page how much room the docked panel takes: `--agent-chat-docked-width` on :root, and body padding if asked. */
export function applyDockedSpace(space: DockedSpace, doc: Document = document): void {
  doc.documentElement.style.setProperty(DOCKED_WIDTH_PROPERTY, `${space.width}px`);
  if (space.padBody) {
    if (bodyPaddingBefore && bodyPaddingBefore.side !== space.side) restoreBodyPadding(doc);
    const property = space.side === 'right' ? 'padding-right' : 'padding-left';
    bodyPaddingBefore ??= { side: space.side, value: doc.body.style.getPropertyValue(property) };
    doc.body.style.setProperty(property, `${space.width}px`);
  } else {
    restoreBodyPadding(doc);
  }
}

/** The panel is gone (another layout, or removed): the page gets its room back. */
export function clearDockedSpace(doc: Document = document): void {
  doc.documentElement.style.removeProperty(DOCKED_WIDTH_PROPERTY);
  restoreBodyPadding(doc);
}

function restoreBodyPadding(doc: Document): void {
  if (!bodyPaddingBefore) return;
  const property = bodyPaddingBefore.side === 'right' ? 'padding-right' : 'padding-left';
  if (bodyPaddingBefore.value) doc.body.style.setProperty(property, bodyPaddingBefore.value);
  else doc.body.style.removeProperty(property);
  bodyPaddingBefore = undefined;
}
