import { VIEWPORT_MARGIN } from './clamp.js';
import type { Rect, Size } from './rect.js';

/** The edge or corner a resize handle moves: compass points. */
export type Edge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export const EDGES: readonly Edge[] = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];

/**
 * The rect after dragging `edge` by (dx, dy) from where it was when the drag began. The opposite edge stays
 * put, also when the size stops at `min`.
 */
export function resizeRect(start: Rect, edge: Edge, dx: number, dy: number, min: Size): Rect {
  let { x, y, width, height } = start;
  if (edge.includes('e')) width = Math.max(min.width, start.width + dx);
  if (edge.includes('s')) height = Math.max(min.height, start.height + dy);
  if (edge.includes('w')) {
    width = Math.max(min.width, start.width - dx);
    x = start.x + start.width - width;
  }
  if (edge.includes('n')) {
    height = Math.max(min.height, start.height - dy);
    y = start.y + start.height - height;
  }
  return { x, y, width, height };
}

/**
 * `resizeRect` that stops each moving edge at the viewport's margin, so growing towards an edge never pushes
 * the panel's other side (a plain clamp would move the whole panel instead).
 */
export function resizeRectWithin(start: Rect, edge: Edge, dx: number, dy: number, min: Size, viewport: Size, margin = VIEWPORT_MARGIN): Rect {
  let { x, y, width, height } = resizeRect(start, edge, dx, dy, min);
  const right = viewport.width - margin;
  const bottom = viewport.height - margin;
  if (edge.includes('w') && x < margin) {
    width -= margin - x;
    x = margin;
  }
  if (edge.includes('e') && x + width > right) width = right - x;
  if (edge.includes('n') && y < margin) {
    height -= margin - y;
    y = margin;
  }
  if (edge.includes('s') && y + height > bottom) height = bottom - y;
  return { x, y, width, height };
}
