import { css } from 'lit';

export const mcpAppStyles = css`
  :host {
    display: block;
    margin-block-start: var(--_gap);
    /* Read by host-context.ts: the colours and font the view is told to match. */
    color: var(--_fg);
    background: transparent;
    font-family: inherit;
  }
  iframe {
    display: block;
    width: 100%;
    height: 0;
    /* The most a view grows to: mcp-app-view.ts's MAX_HEIGHT. */
    max-height: 640px;
    border: 0;
    border-radius: var(--_radius-small);
    background: transparent;
  }
  :host([bordered]) iframe {
    border: 1px solid var(--_border);
  }
  .probe {
    display: none;
    background: var(--_bg);
    border-color: var(--_border);
    outline-color: var(--_accent);
  }
  .note {
    color: var(--_muted);
    font-size: 0.9em;
  }
`;
