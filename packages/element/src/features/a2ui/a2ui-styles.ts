import { css } from 'lit';

/**
 * Our theme, as @a2ui/lit's basic components read theirs: their `--a2ui-*` custom properties, set on the element
 * that holds the surfaces, inherit into every component's shadow root. A host may still set any `--a2ui-*` property
 * on `<agent-chat>`'s `a2ui-surface` part to go further.
 */
export const a2uiStyles = css`
  :host {
    display: block;
    --a2ui-color-primary: var(--_accent);
    --a2ui-color-on-primary: var(--_accent-fg);
    --a2ui-color-secondary: var(--_surface);
    --a2ui-color-on-secondary: var(--_fg);
    --a2ui-color-background: var(--_bg);
    --a2ui-color-on-background: var(--_fg);
    --a2ui-color-surface: var(--_card-bg);
    --a2ui-color-on-surface: var(--_fg);
    --a2ui-color-input: var(--_bg);
    --a2ui-color-on-input: var(--_fg);
    --a2ui-color-border: var(--_border);
    --a2ui-text-color-text: var(--_fg);
    --a2ui-text-caption-color: var(--_muted);
    --a2ui-border-radius: var(--_radius-small);
    --a2ui-font-size: var(--_font-size);
    --a2ui-font-family-title: var(--_font);
    --a2ui-font-family-monospace: var(--_mono);
    --a2ui-grid-base: calc(var(--_space) / 1.5);
    font-family: var(--_font);
    color: var(--_fg);
  }
  .surface {
    display: block;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_card-bg);
  }
  .surface + .surface {
    margin-top: var(--_gap);
  }
  .error {
    color: var(--_danger);
  }
`;

/** The user's act, a quiet line on the user's side. */
export const a2uiActStyles = css`
  :host([act]) {
    display: block;
    align-self: flex-end;
    text-align: end;
    color: var(--_muted);
    font-size: 0.92em;
  }
`;
