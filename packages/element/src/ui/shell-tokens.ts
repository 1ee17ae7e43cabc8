import { css } from 'lit';

/**
 * The theming knobs the shell's own pieces paint with (the inline panel, the launcher and its badge, the frames),
 * resolved into private names with their defaults, and the colour scheme. tokens.ts adds the rest for the
 * conversation's parts; the two are apart so the first paint carries only these. See tokens.ts for how the
 * defaults and the `theme` attribute work.
 */
export const shellTokens = css`
  :host {
    --_font: var(--agent-chat-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--agent-chat-font-size, 14px);
    --_bg: var(--agent-chat-background, light-dark(#fff, #0d1117));
    --_fg: var(--agent-chat-foreground, light-dark(#1f2328, #e6edf3));
    --_muted: var(--agent-chat-muted, light-dark(#59636e, #9198a1));
    --_border: var(--agent-chat-border, light-dark(#d1d9e0, #3d444d));
    --_surface: var(--agent-chat-surface, light-dark(#f6f8fa, #161b22));
    --_accent: var(--agent-chat-accent, light-dark(#1d4ed8, #4493f8));
    --_accent-fg: var(--agent-chat-accent-foreground, light-dark(#fff, #0d1117));
    --_danger: var(--agent-chat-danger, light-dark(#c2222c, #f85149));
    --_radius: var(--agent-chat-radius, 12px);
    --_radius-small: var(--agent-chat-radius-small, 8px);
    --_z: var(--agent-chat-z-index, 1000);
    --_shadow: var(--agent-chat-shadow, 0 12px 40px rgb(0 0 0 / 0.18));
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
