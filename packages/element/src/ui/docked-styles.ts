import { css } from 'lit';

/** What the collapsed panel keeps: a strip with the chat icon. */
export const STRIP_WIDTH = 48;

/**
 * Where a docked panel (`.panel.docked`) or its collapsed strip (`.docked.strip`) sits: full height against the
 * page's side, the `side` attribute of the element whose shadow root holds it. One rule for the two that paint it:
 * the shell, until the docked frame's chunk has arrived, and the frame after.
 */
export const dockedStyles = css`
  .docked {
    position: fixed;
    top: 0;
    bottom: 0;
    right: 0;
    z-index: var(--_z);
    box-sizing: border-box;
    border: 0 solid var(--_border);
    border-left-width: 1px;
    border-radius: 0;
  }
  :host([side='left']) .docked {
    left: 0;
    right: auto;
    border-width: 0 1px 0 0;
  }
  .strip {
    width: ${STRIP_WIDTH}px;
    background: var(--_surface);
  }
`;
