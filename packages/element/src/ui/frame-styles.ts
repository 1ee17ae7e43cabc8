import { css } from 'lit';

/**
 * The look every panel shares: a column with a header, the messages, and the composer. The frames draw with it, and
 * so does the shell (agent-chat.ts): the inline panel, and the docked frame's stand-in before the frame's chunk is in.
 */
export const panelStyles = css`
  .panel {
    /* What lies over the conversation (the thread view) is placed in the panel; the frames make theirs fixed. */
    position: relative;
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    overflow: hidden;
    border: 1px solid var(--_border);
    background: var(--_bg);
  }
  .panel[hidden] {
    display: none;
  }
  header {
    display: flex;
    align-items: center;
    gap: 8px;
    flex: none;
    min-height: 44px;
    padding: 0 6px 0 14px;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
    user-select: none;
  }
  .title {
    flex: 1;
    overflow: hidden;
    font-weight: 600;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: 0;
    border-radius: var(--_radius-small);
    background: none;
    color: var(--_muted);
    font: inherit;
    font-size: 18px;
    cursor: pointer;
  }
  .icon-button:hover {
    background: var(--_border);
    color: var(--_fg);
  }
  .icon-button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  ::slotted([slot='messages']) {
    flex: 1;
    min-height: 0;
  }
  ::slotted([slot='composer']) {
    flex: none;
  }
`;
