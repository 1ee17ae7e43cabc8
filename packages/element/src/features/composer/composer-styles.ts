import { css } from 'lit';

/** Tallest the textarea grows before it scrolls, in px. */
export const MAX_HEIGHT = 160;

/** The composer's look: the field and its buttons, the drop outline, the footer's note. */
export const composerStyles = css`
  :host {
    display: block;
    padding: 10px 12px 12px;
    border-top: 1px solid var(--_border);
    background: var(--_bg);
  }
  .composer {
    display: flex;
    flex-direction: column;
    gap: 8px;
    position: relative;
  }
  .composer[data-dropping] {
    outline: 2px dashed var(--_accent);
    outline-offset: 4px;
    border-radius: var(--_radius-small);
  }
  /* The host's note under the composer ("AI can make mistakes"): its own styles win over these. */
  slot[name='footer'] {
    color: var(--_muted);
    font-size: 0.8em;
    text-align: center;
  }
  .drop {
    color: var(--_accent);
    font-weight: 600;
    text-align: center;
  }
  agent-chat-item-chips {
    display: contents;
  }
  form {
    display: flex;
    align-items: flex-end;
    gap: 8px;
  }
  .field {
    position: relative;
    flex: 1;
    display: flex;
  }
  textarea {
    flex: 1;
    box-sizing: border-box;
    min-height: 38px;
    max-height: ${MAX_HEIGHT}px;
    padding: 8px 10px;
    resize: none;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    line-height: 1.4;
  }
  textarea:focus {
    outline: 2px solid var(--_accent);
    outline-offset: -1px;
    border-color: transparent;
  }
  textarea:disabled {
    background: var(--_surface);
  }
  button {
    flex: none;
    height: 38px;
    padding: 0 16px;
    border: 1px solid transparent;
    border-radius: var(--_radius-small);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  button:disabled {
    cursor: default;
    opacity: 0.5;
  }
  .send {
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  .stop {
    background: var(--_bg);
    border-color: var(--_border);
    color: var(--_fg);
  }
`;
