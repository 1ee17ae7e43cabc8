import { css } from 'lit';

/** The input request card's look: a card as the confirmation cards are, its actions below. */
export const inputRequestStyles = css`
  :host {
    display: block;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: var(--_space);
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
    background: var(--_card-bg);
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.06);
  }
  .card.answered {
    border-color: var(--_border);
  }
  .server,
  .caption,
  .expires {
    color: var(--_muted);
    font-size: 0.85em;
  }
  .message {
    font-weight: 600;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  .site {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .sampling {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 0.92em;
  }
  .system {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .messages {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 4px;
    max-height: 16em;
    overflow: auto;
  }
  .messages li {
    padding: 4px 8px;
    border-radius: var(--_radius-small);
    background: var(--_surface);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .role {
    display: block;
    color: var(--_muted);
    font-size: 0.85em;
  }
  .answers {
    display: flex;
    flex-direction: column;
    gap: 2px;
    margin: 0;
    font-size: 0.92em;
  }
  .answers div {
    display: flex;
    gap: 6px;
  }
  .answers dt {
    color: var(--_muted);
  }
  .answers dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .error {
    margin: 0;
    color: var(--_danger);
  }
  .outcome {
    margin: 0;
    color: var(--_muted);
    font-size: 0.9em;
  }
  .outcome a {
    color: var(--_accent);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }
  button,
  a.primary {
    padding: 5px 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  button.primary,
  a.primary {
    border-color: transparent;
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  .sending {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    color: var(--_muted);
    font-size: 0.85em;
  }
`;
