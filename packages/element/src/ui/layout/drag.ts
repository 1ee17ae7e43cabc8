/** Where a pointer drag has got to, relative to where it began. */
export interface DragMove {
  dx: number;
  dy: number;
}

export interface DragHandlers {
  move(delta: DragMove): void;
  /** The drag ended (pointer up or cancelled); `moved` tells a drag from a click. */
  end?(moved: boolean): void;
}

/**
 * Follow one pointer from a pointerdown until it is released, with pointer capture on `handle` so the drag
 * goes on when the pointer leaves it (or the window's iframe). Only the primary button starts a drag.
 */
export function startDrag(event: PointerEvent, handle: Element, handlers: DragHandlers): boolean {
  if (event.button !== 0 || !event.isPrimary) return false;
  event.preventDefault();
  const { pointerId, clientX, clientY } = event;
  let moved = false;
  try {
    handle.setPointerCapture(pointerId);
  } catch {
    // A synthetic event with no active pointer: the listeners below still follow it.
  }
  const onMove = (move: PointerEvent) => {
    if (move.pointerId !== pointerId) return;
    moved = true;
    handlers.move({ dx: move.clientX - clientX, dy: move.clientY - clientY });
  };
  const onEnd = (end: PointerEvent) => {
    if (end.pointerId !== pointerId) return;
    handle.removeEventListener('pointermove', onMove as EventListener);
    handle.removeEventListener('pointerup', onEnd as EventListener);
    handle.removeEventListener('pointercancel', onEnd as EventListener);
    if (handle.hasPointerCapture?.(pointerId)) handle.releasePointerCapture(pointerId);
    handlers.end?.(moved);
  };
  handle.addEventListener('pointermove', onMove as EventListener);
  handle.addEventListener('pointerup', onEnd as EventListener);
  handle.addEventListener('pointercancel', onEnd as EventListener);
  return true;
}
