import type { Rect, Size } from './rect.js';

/** Space kept between a floating panel and the viewport's edges. */
export const VIEWPORT_MARGIN = 8;

/**
 * The rect moved (and if need be shrunk) to lie wholly inside the viewport, keeping `margin` from its edges,
 * and never smaller than `min` unless the viewport itself is smaller.
 */
export function clampRect(rect: Rect, viewport: Size, min: Size, margin = VIEWPORT_MARGIN): Rect {
  const room = { width: Math.max(viewport.width - 2 * margin, 0), height: Math.max(viewport.height - 2 * margin, 0) };
  const width = Math.min(Math.max(rect.width, Math.min(min.width, room.width)), room.width);
  const height = Math.min(Math.max(rect.height, Math.min(min.height, room.height)), room.height);
  return {
    x: clamp(rect.x, margin, margin + room.width - width),
    y: clamp(rect.y, margin, margin + room.height - height),
    width,
    height,
  };
}

export function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}
