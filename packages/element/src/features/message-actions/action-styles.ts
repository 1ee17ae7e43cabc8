import { css } from 'lit';

/**
 * The host is `display: contents`, so its bars are items of the group's column: the message's bar right after the
 * message, the reply's (an element of its own) after the reply. The buttons show on hover of the message and on focus; the pager,
 * a chosen rating and anything open stay.
 */
export const actionStyles = css`
  :host {
    display: contents;
  }
  .bar {
    display: flex;
    align-items: center;
    gap: 2px;
    margin-top: calc(var(--_gap) * -0.6);
    color: var(--_muted);
    font-size: 0.85em;
  }
  .user {
    align-self: flex-end;
  }
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 4px;
    min-width: 24px;
    min-height: 24px;
    padding: 2px 4px;
    border: 0;
    border-radius: var(--_radius-small, 4px);
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    background: var(--_surface);
    color: var(--_fg);
  }
  button:disabled {
    cursor: default;
  }
  button:disabled:not(.act) {
    opacity: 0.45;
  }
  .act {
    opacity: 0;
    transition: opacity 0.15s;
  }
  :host([hover]) .act,
  .bar:focus-within .act,
  .act[aria-pressed='true'],
  .act.done {
    opacity: 1;
  }
  /* A hidden button that a run disables stays hidden (it faded in on every message while a reply streamed). */
  :host([hover]) .act:disabled,
  .bar:focus-within .act:disabled {
    opacity: 0.45;
  }
  .act[aria-pressed='true'] {
    color: var(--_accent);
  }
  @media (pointer: coarse) {
    .act {
      opacity: 1;
    }
    .act:disabled {
      opacity: 0.45;
    }
  }
  .usage {
    margin-inline-start: 6px;
    font-variant-numeric: tabular-nums;
  }
  .pager {
    display: inline-flex;
    align-items: center;
    font-variant-numeric: tabular-nums;
  }
  .panel {
    display: flex;
    flex-direction: column;
    gap: 6px;
    max-width: 85%;
    padding: 8px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_card-bg);
    color: var(--_fg);
  }
  .panel.user {
    width: 85%;
  }
  .panel p {
    margin: 0;
  }
  textarea {
    min-height: 3em;
    padding: 6px 8px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small, 4px);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    resize: vertical;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 6px;
  }
  .row button {
    padding: 4px 10px;
    border: 1px solid var(--_border);
    color: var(--_fg);
  }
  .row .primary {
    border-color: transparent;
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  .row .primary:hover:not(:disabled) {
    background: var(--_accent);
    color: var(--_accent-fg);
    filter: brightness(1.1);
  }
  /* Out of the column while it has nothing to say (it stays, so that what it says later is announced). */
  .note:empty {
    position: absolute;
  }
  .note {
    margin: 0;
    color: var(--_muted);
    font-size: 0.85em;
  }
`;
