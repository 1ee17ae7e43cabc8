import { css } from 'lit';

/** The message list's look: the column of groups, the typing dots, the queue, the way back to the latest. */
export const messageListStyles = css`
  :host {
    display: block;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 12px;
  }
  .items {
    display: flex;
    flex-direction: column;
    gap: var(--_gap);
  }
  /*
   * Block, not flex: with hundreds of groups, a change at the end lays out only the end. Spaced by each group's
   * own margin, not by a sibling combinator: with one (\`.groups > * + *\`) Chromium restyled every group, and laid
   * out every stand-in anew, whenever one was put in or taken out (measured: about 5 ms a time under 1,000 messages).
   */
  .groups {
    margin-bottom: calc(var(--_gap) * -1);
  }
  /*
   * Paint containment: a group drawn or put away, or one that changes, is painted again alone, where the list's
   * other groups reuse what they painted (measured: scrolling up a 1,000-message history for 90 frames, 410 ms of
   * paint without it, 130 ms with it). The clip margin keeps a focus ring at a group's edge whole.
   */
  .group {
    contain: paint;
    overflow-clip-margin: 6px;
    margin-bottom: var(--_gap);
    display: flex;
    flex-direction: column;
    gap: var(--_gap);
  }
  .later {
    overflow: hidden;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    color: var(--_muted);
  }
  .user-items {
    align-self: flex-end;
    margin-top: calc(var(--_gap) * -0.5);
  }
  .queued {
    align-self: flex-end;
    max-width: 85%;
    padding: 6px 12px;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
  }
  .queued-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .queued-meta {
    display: flex;
    justify-content: flex-end;
    align-items: center;
    gap: 6px;
    font-size: 0.8em;
  }
  .queued button {
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  .jump {
    position: sticky;
    bottom: 0;
    display: block;
    margin: 8px auto 0;
    padding: 4px 12px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    font-size: 0.85em;
    box-shadow: var(--_shadow);
    cursor: pointer;
  }
  .empty {
    color: var(--_muted);
    text-align: center;
    padding: 24px 0;
  }
  .typing {
    display: flex;
    gap: 4px;
    padding: 6px 2px;
  }
  .typing span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--_muted);
    animation: bounce 1.2s infinite ease-in-out;
  }
  .typing span:nth-child(2) {
    animation-delay: 0.15s;
  }
  .typing span:nth-child(3) {
    animation-delay: 0.3s;
  }
  @keyframes bounce {
    0%,
    80%,
    100% {
      opacity: 0.25;
    }
    40% {
      opacity: 1;
    }
  }
`;
