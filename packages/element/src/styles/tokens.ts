import { css } from 'lit';

/**
 * The public theming knobs (`--agent-chat-*`, listed in docs/theming.md), resolved once into private names with
 * their defaults. Every part includes this, so a part renders the same whether or not it sits inside the shell.
 *
 * The default colours come from a palette (`--_p-*`) that only `<agent-chat>` itself sets, light or dark: it is
 * where the `theme` attribute lives, and custom properties inherit into every nested shadow root. A part used on
 * its own falls back to the light values written here.
 */
export const tokens = css`
  :host {
    --_font: var(--agent-chat-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--agent-chat-font-size, 14px);
    --_mono: var(--agent-chat-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    --_bg: var(--agent-chat-background, var(--_p-bg, #ffffff));
    --_fg: var(--agent-chat-foreground, var(--_p-fg, #1f2328));
    --_muted: var(--agent-chat-muted, var(--_p-muted, #59636e));
    --_border: var(--agent-chat-border, var(--_p-border, #d1d9e0));
    --_surface: var(--agent-chat-surface, var(--_p-surface, #f6f8fa));
    --_accent: var(--agent-chat-accent, var(--_p-accent, #1d4ed8));
    --_accent-fg: var(--agent-chat-accent-foreground, var(--_p-accent-fg, #ffffff));
    --_user-bg: var(--agent-chat-user-background, var(--_p-accent, #1d4ed8));
    --_user-fg: var(--agent-chat-user-foreground, var(--_p-accent-fg, #ffffff));
    --_assistant-bg: var(--agent-chat-assistant-background, var(--_p-surface, #f6f8fa));
    --_assistant-fg: var(--agent-chat-assistant-foreground, var(--_p-fg, #1f2328));
    --_card-bg: var(--agent-chat-card-background, var(--_p-bg, #ffffff));
    --_success: var(--agent-chat-success, var(--_p-success, #1a7f37));
    --_danger: var(--agent-chat-danger, var(--_p-danger, #c2222c));
    --_danger-bg: var(--agent-chat-danger-background, var(--_p-danger-bg, #ffebe9));
    --_added-bg: var(--agent-chat-diff-added-background, var(--_p-added-bg, #dafbe1));
    --_removed-bg: var(--agent-chat-diff-removed-background, var(--_p-removed-bg, #ffebe9));
    --_focus: var(--agent-chat-focus-ring, var(--_accent));
    --_radius: var(--agent-chat-radius, 12px);
    --_radius-small: var(--agent-chat-radius-small, 8px);
    --_gap: var(--agent-chat-gap, 10px);
    --_z: var(--agent-chat-z-index, 1000);
    --_shadow: var(--agent-chat-shadow, 0 12px 40px rgb(0 0 0 / 0.18));
    --_space: var(--agent-chat-spacing, 12px);
    --_panel-width: var(--agent-chat-panel-width, 380px);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
    color: var(--_fg);
  }

  /* The palette: set on the shell only (see above). light-dark() picks by color-scheme, which follows the
     system unless the theme attribute fixes it; it inherits into every part's shadow root. */
  :host(agent-chat) {
    color-scheme: light dark;
    --_p-bg: light-dark(#ffffff, #0d1117);
    --_p-fg: light-dark(#1f2328, #e6edf3);
    --_p-muted: light-dark(#59636e, #9198a1);
    --_p-border: light-dark(#d1d9e0, #3d444d);
    --_p-surface: light-dark(#f6f8fa, #161b22);
    --_p-accent: light-dark(#1d4ed8, #4493f8);
    --_p-accent-fg: light-dark(#ffffff, #0d1117);
    --_p-success: light-dark(#1a7f37, #3fb950);
    --_p-danger: light-dark(#c2222c, #f85149);
    --_p-danger-bg: light-dark(#ffebe9, #3c1618);
    --_p-added-bg: light-dark(#dafbe1, #12361f);
    --_p-removed-bg: light-dark(#ffebe9, #3c1618);
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
