import { css } from 'lit';
import { iconStyles } from '../../ui/icons.js';
import { tokens } from '../../ui/tokens.js';

/** How the thread list looks (thread-list.ts): its bar, the sliding sheet, the rows and their editing states. */
export const threadListStyles = [
  tokens,
  iconStyles,
  css`
    :host,
    .bar-wrap {
      display: contents;
    }
    :host([bar]) .bar-wrap {
      display: flex;
      flex: none;
      align-items: center;
      min-height: 36px;
      padding: 2px 6px;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    .bar-label {
      display: none;
    }
    :host([bar]) .bar-label {
      display: inline;
    }
    :host([bar]) .toggle {
      width: auto;
      gap: 6px;
      padding: 0 8px;
      font-size: 0.92em;
    }
    button {
      font: inherit;
      color: inherit;
      cursor: pointer;
    }
    .toggle,
    .icon-button {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      width: 32px;
      height: 32px;
      padding: 0;
      border: 0;
      border-radius: var(--_radius-small);
      background: none;
      color: var(--_muted);
      font-size: 18px;
    }
    .toggle:hover,
    .icon-button:hover,
    :host([open]) .toggle {
      background: var(--_border);
      color: var(--_fg);
    }
    button:focus-visible,
    input:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }
    .sheet {
      /* Over the whole panel (each frame's panel, and the inline one, is the box this is placed in). */
      position: absolute;
      inset: 0;
      z-index: 2;
      display: flex;
      flex-direction: column;
      background: var(--_bg);
      color: var(--_fg);
      font-size: var(--_font-size);
      animation: agent-chat-slide-down 0.16s ease-out;
    }
    @keyframes agent-chat-slide-down {
      from {
        transform: translateY(-100%);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .sheet {
        animation: none;
      }
    }
    .top {
      display: flex;
      flex: none;
      align-items: center;
      gap: 8px;
      min-height: 44px;
      padding: 0 6px 0 14px;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
    }
    h2 {
      flex: 1;
      margin: 0;
      font-size: 1em;
      font-weight: 600;
    }
    .new,
    .more,
    .rename button,
    .danger,
    .keep {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      padding: 4px 10px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
      background: var(--_bg);
      font-size: 0.9em;
    }
    .new:hover,
    .more:hover {
      border-color: var(--_accent);
      color: var(--_accent);
    }
    .danger {
      border-color: var(--_danger);
      background: var(--_danger);
      color: #fff;
    }
    .list {
      flex: 1;
      margin: 0;
      padding: 4px;
      overflow-y: auto;
      list-style: none;
    }
    .list[hidden] {
      display: none;
    }
    .row {
      display: flex;
      align-items: center;
      gap: 2px;
      min-height: 40px;
      padding: 0 2px;
      border-radius: var(--_radius-small);
    }
    .row:hover,
    .row:focus-within {
      background: var(--_surface);
    }
    .pick {
      display: flex;
      flex: 1;
      align-items: baseline;
      gap: 8px;
      min-width: 0;
      padding: 8px;
      border: 0;
      border-radius: var(--_radius-small);
      background: none;
      text-align: start;
    }
    .pick[aria-current] .title {
      font-weight: 600;
    }
    .pick[aria-current]::before {
      content: '';
      align-self: stretch;
      width: 3px;
      margin: -2px 0;
      border-radius: 2px;
      background: var(--_accent);
    }
    .title {
      flex: 1;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    time {
      flex: none;
      color: var(--_muted);
      font-size: 0.85em;
    }
    .row .icon-button {
      width: 28px;
      height: 28px;
      font-size: 14px;
    }
    .rename {
      display: flex;
      flex: 1;
      gap: 6px;
      padding: 4px;
    }
    .rename input {
      flex: 1;
      min-width: 0;
      padding: 4px 8px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-small);
      background: var(--_bg);
      color: var(--_fg);
      font: inherit;
    }
    .question {
      flex: 1;
      padding: 4px 8px;
    }
    .note {
      margin: 0;
      padding: 10px 14px;
      color: var(--_muted);
    }
    .error {
      color: var(--_danger);
    }
    .more {
      align-self: center;
      margin: 6px;
    }
  `,
];
