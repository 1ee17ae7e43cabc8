import { css } from 'lit';

/** A sub-agent's chip and the tree of its steps under it (subagent-node.ts). */
export const subagentStyles = css`
  :host {
    display: block;
  }
  .node {
    display: inline-flex;
    flex-direction: column;
    max-width: 100%;
    min-width: 0;
    box-sizing: border-box;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    font-size: 0.92em;
  }
  .node.open {
    display: flex;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 6px;
    padding-inline-end: 6px;
  }
  .toggle {
    display: flex;
    flex: 1;
    align-items: center;
    gap: 6px;
    min-width: 0;
    padding: 4px 10px;
    border: 0;
    border-radius: var(--_radius-small);
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .toggle::after {
    content: '';
    flex: none;
    width: 0.4em;
    height: 0.4em;
    border-inline-end: 1.5px solid var(--_muted);
    border-block-end: 1.5px solid var(--_muted);
    transform: rotate(-45deg);
  }
  :host(:dir(rtl)) .toggle::after {
    transform: rotate(135deg);
  }
  .toggle[aria-expanded='true']::after {
    transform: rotate(45deg) translateY(-2px);
  }
  .glyph {
    width: 1em;
    text-align: center;
    font-weight: 700;
    color: var(--_muted);
  }
  :host([state='done']) .glyph {
    color: var(--_success);
  }
  :host([state='failed']) .glyph {
    color: var(--_danger);
  }
  :host([state='failed']) .node {
    border-color: var(--_danger);
  }
  .spinner {
    color: var(--_accent);
  }
  .kind {
    color: var(--_muted);
    font-size: 0.85em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .state,
  .usage,
  .note {
    color: var(--_muted);
    font-size: 0.9em;
  }
  .usage {
    white-space: nowrap;
  }
  .stop {
    flex: none;
    padding: 2px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    font-size: 0.9em;
    cursor: pointer;
  }
  .stop:hover:not(:disabled) {
    border-color: var(--_danger);
    color: var(--_danger);
  }
  .stop:disabled {
    cursor: default;
    opacity: 0.7;
  }
  .steps {
    margin-inline-start: 14px;
    padding: 8px 10px 8px 12px;
    border-inline-start: 2px solid var(--agent-chat-subagent-line, var(--_border));
  }
  .note {
    margin: 0;
    padding: 0 10px 6px;
  }
  .note:empty {
    display: none;
  }
`;
