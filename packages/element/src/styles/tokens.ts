import { css } from 'lit';

/**
 * The public theming knobs (`--agent-chat-*`, listed in docs/theming.md), resolved once into private names with
 * their defaults. Every part includes this, so a part renders the same whether or not it sits inside the shell.
 *
 * The default colours are light-dark() pairs. They resolve where they are used, by the `color-scheme` there,
 * which inherits into every nested shadow root from `<agent-chat>`: that is where the `theme` attribute lives.
 * A part used on its own has the initial `color-scheme` (normal), so it takes the light colours.
 *
 * The user's bubbles follow the accent and the agent's the surface, whatever set them: a host's
 * `--agent-chat-accent` recolours both the buttons and the user's messages.
 */
export const tokens = css`
  :host {
    --_font: var(--agent-chat-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--agent-chat-font-size, 14px);
    --_mono: var(--agent-chat-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    --_bg: var(--agent-chat-background, light-dark(#fff, #0d1117));
    --_fg: var(--agent-chat-foreground, light-dark(#1f2328, #e6edf3));
    --_muted: var(--agent-chat-muted, light-dark(#59636e, #9198a1));
    --_border: var(--agent-chat-border, light-dark(#d1d9e0, #3d444d));
    --_surface: var(--agent-chat-surface, light-dark(#f6f8fa, #161b22));
    --_accent: var(--agent-chat-accent, light-dark(#1d4ed8, #4493f8));
    --_accent-fg: var(--agent-chat-accent-foreground, light-dark(#fff, #0d1117));
    --_user-bg: var(--agent-chat-user-background, var(--_accent));
    --_user-fg: var(--agent-chat-user-foreground, var(--_accent-fg));
    --_assistant-bg: var(--agent-chat-assistant-background, var(--_surface));
    --_assistant-fg: var(--agent-chat-assistant-foreground, var(--_fg));
    --_card-bg: var(--agent-chat-card-background, var(--_bg));
    --_success: var(--agent-chat-success, light-dark(#1a7f37, #3fb950));
    --_danger: var(--agent-chat-danger, light-dark(#c2222c, #f85149));
    --_danger-bg: var(--agent-chat-danger-background, light-dark(#ffebe9, #3c1618));
    --_added-bg: var(--agent-chat-diff-added-background, light-dark(#dafbe1, #12361f));
    --_removed-bg: var(--agent-chat-diff-removed-background, light-dark(#ffebe9, #3c1618));
    --_focus: var(--agent-chat-focus-ring, var(--_accent));
    --_radius: var(--agent-chat-radius, 12px);
    --_radius-small: var(--agent-chat-radius-small, 8px);
    --_gap: var(--agent-chat-gap, 10px);
    --_z: var(--agent-chat-z-index, 1000);
    --_shadow: var(--agent-chat-shadow, 0 12px 40px rgb(0 0 0 / 0.18));
    --_space: var(--agent-chat-spacing, 12px);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
    color: var(--_fg);
  }

  /* light-dark() picks by color-scheme: the system's, unless the theme attribute fixes it. */
  :host(agent-chat) {
    color-scheme: light dark;
  }
  :host(agent-chat[theme='light']) {
    color-scheme: light;
  }
  :host(agent-chat[theme='dark']) {
    color-scheme: dark;
  }
`;

/** The focus ring every control shares, so keyboard users see where they are in every part. */
export const focusRing = css`
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;

/** Text only screen readers get (a live announcement, a label that sighted users read from an icon). */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
