import { css } from 'lit';

export const mcpAppStyles = css`
  :host {
    display: block;
    margin-block-start: var(--_gap);
    background: transparent;
    font-family: inherit;
  }
  .app {
    display: block;
  }
  iframe {
    display: block;
    width: 100%;
    height: 0;
    max-height: var(--agent-chat-app-max-height, 640px);
    border: 0;
    border-radius: var(--_radius-small);
    background: transparent;
  }
  :host([bordered]) iframe {
    border: 1px solid var(--_border);
  }
  .note {
    color: var(--_muted);
    font-size: 0.9em;
  }

  /* Out of the conversation: a popover in the top layer (display-mode.ts). */
  .app:popover-open {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    margin: 0;
    padding: 0;
    border: 0;
    background: var(--_bg);
    color: var(--_fg);
    overflow: hidden;
  }
  .bar {
    display: flex;
    align-items: center;
    gap: var(--_gap);
    padding: 6px 10px;
    border-block-end: 1px solid var(--_border);
    font-size: 0.9em;
  }
  .title {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--_muted);
  }
  .bar button {
    font: inherit;
    padding: 4px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    color: var(--_fg);
    cursor: pointer;
  }
  :host([display-mode='fullscreen']) .app:popover-open {
    inset: 0;
    width: 100vw;
    height: 100vh;
    max-width: none;
    max-height: none;
  }
  :host([display-mode='fullscreen']) iframe {
    flex: 1;
    height: auto;
    max-height: none;
    border-radius: 0;
  }
  :host([display-mode='pip']) .app:popover-open {
    inset: auto;
    inset-block-end: 16px;
    inset-inline-end: 16px;
    width: min(var(--agent-chat-app-pip-width, 320px), calc(100vw - 32px));
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    box-shadow: var(--_shadow);
  }
  :host([display-mode='pip']) iframe {
    max-height: var(--agent-chat-app-pip-max-height, 50vh);
    border-radius: 0;
  }
`;
