import { css } from 'lit';
import { shellTokens } from './shell-tokens.js';

/**
 * The public theming knobs (`--agent-chat-*`, listed in docs/theming.md), resolved once into private names with
 * their defaults: the shell's (shell-tokens.ts) and the conversation's. Every part includes this, so a part renders
 * the same whether or not it sits inside the shell.
 *
 * The default colours are light-dark() pairs. They resolve where they are used, by the `color-scheme` there,
 * which inherits into every nested shadow root from `<agent-chat>`: that is where the `theme` attribute lives.
 * A part used on its own has the initial `color-scheme` (normal), so it takes the light colours.
 *
 * The user's bubbles follow the accent and the agent's the surface, whatever set them: a host's
 * `--agent-chat-accent` recolours both the buttons and the user's messages.
 */
export const tokens = [
  shellTokens,
  css`
    :host {
      --_mono: var(--agent-chat-mono-font, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
      --_user-bg: var(--agent-chat-user-background, var(--_accent));
      --_user-fg: var(--agent-chat-user-foreground, var(--_accent-fg));
      --_assistant-bg: var(--agent-chat-assistant-background, var(--_surface));
      --_assistant-fg: var(--agent-chat-assistant-foreground, var(--_fg));
      --_card-bg: var(--agent-chat-card-background, var(--_bg));
      --_success: var(--agent-chat-success, light-dark(#1a7f37, #3fb950));
      --_danger-bg: var(--agent-chat-danger-background, light-dark(#ffebe9, #3c1618));
      --_added-bg: var(--agent-chat-diff-added-background, light-dark(#dafbe1, #12361f));
      --_removed-bg: var(--agent-chat-diff-removed-background, light-dark(#ffebe9, #3c1618));
      --_focus: var(--agent-chat-focus-ring, var(--_accent));
      --_gap: var(--agent-chat-gap, 10px);
      --_space: var(--agent-chat-spacing, 12px);
    }
  `,
];

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
