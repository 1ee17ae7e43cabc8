/**
 * The parts a frame passes on, so `agent-chat::part(header)` reaches into it. Apart from the frames' styles: the
 * shell names them on a frame before the frame's chunk has loaded.
 */
export const FRAME_PARTS =
  'panel, header, title, close-button, collapse-button, expand-button, resize-handle, resize-edge, strip, overlay, launcher, badge, output, input-bar, show-output, dismiss-button, clear-button';
