import { css } from 'lit';
import { LAUNCHER_GAP } from '../ui/layout/launcher-place.js';

/**
 * The element's own box in each mode (inline fills its container; the others are fixed frames, so the element
 * itself takes no room), and where the launcher sits: the corner of `position`, or the drawer's.
 */
export const shellStyles = css`
  :host {
    display: contents;
  }
  :host([mode='inline']),
  :host(:not([mode])) {
    display: block;
    height: var(--agent-chat-height, 100%);
    min-height: var(--agent-chat-min-height, 24rem);
    box-sizing: border-box;
  }
  :host([hidden]),
  :host([mode='hidden']) {
    display: none;
  }
  .panel {
    height: 100%;
    border-radius: var(--_radius);
  }
  agent-chat-message-list {
    flex: 1;
    min-height: 0;
  }
  agent-chat-launcher {
    position: fixed;
    z-index: var(--_z);
  }
  .bottom-right,
  .bottom-left {
    bottom: ${LAUNCHER_GAP}px;
  }
  .top-right,
  .top-left {
    top: ${LAUNCHER_GAP}px;
  }
  .bottom-right,
  .top-right {
    right: ${LAUNCHER_GAP}px;
  }
  .bottom-left,
  .top-left {
    left: ${LAUNCHER_GAP}px;
  }
  .drawer {
    right: 16px;
    bottom: 16px;
  }
`;
