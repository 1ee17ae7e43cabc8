import { css, html, unsafeCSS } from 'lit';
import type { McpUiStyles, McpUiStyleVariableKey } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * Our theme as MCP Apps' standard style variables (`styles.variables` of the host context): for each variable we
 * have a token for, the private token it comes from and the CSS property a probe reads it through. A token is a
 * `light-dark()` pair or a page's `--agent-chat-*` value, so only the browser can say what it is here and now: each
 * is read as the computed value of a hidden probe that paints with it.
 */
const VARIABLES: ReadonlyArray<readonly [McpUiStyleVariableKey, property: string, token: string]> = [
  ['--color-background-primary', 'color', '--_bg'],
  ['--color-background-secondary', 'color', '--_surface'],
  ['--color-background-tertiary', 'color', '--_surface'],
  ['--color-background-inverse', 'color', '--_fg'],
  ['--color-background-info', 'color', '--_accent'],
  ['--color-background-danger', 'color', '--_danger-bg'],
  ['--color-background-success', 'color', '--_added-bg'],
  ['--color-text-primary', 'color', '--_fg'],
  ['--color-text-secondary', 'color', '--_muted'],
  ['--color-text-tertiary', 'color', '--_muted'],
  ['--color-text-inverse', 'color', '--_bg'],
  ['--color-text-info', 'color', '--_accent'],
  ['--color-text-danger', 'color', '--_danger'],
  ['--color-text-success', 'color', '--_success'],
  ['--color-border-primary', 'color', '--_border'],
  ['--color-border-secondary', 'color', '--_border'],
  ['--color-border-inverse', 'color', '--_fg'],
  ['--color-border-info', 'color', '--_accent'],
  ['--color-border-danger', 'color', '--_danger'],
  ['--color-border-success', 'color', '--_success'],
  ['--color-ring-primary', 'color', '--_focus'],
  ['--font-sans', 'font-family', '--_font'],
  ['--font-mono', 'font-family', '--_mono'],
  ['--font-text-md-size', 'font-size', '--_font-size'],
  ['--border-radius-sm', 'border-top-left-radius', '--_radius-small'],
  ['--border-radius-md', 'border-top-left-radius', '--_radius-small'],
  ['--border-radius-lg', 'border-top-left-radius', '--_radius'],
  ['--shadow-lg', 'box-shadow', '--_shadow'],
];

/** The probes, one per variable, in a box that is laid out (a transition needs that) but takes no room and is never seen. */
export const themeProbes = html`<div class="theme-probes" aria-hidden="true">${VARIABLES.map(() => html`<i></i>`)}</div>`;

/**
 * Each probe paints with its token. The transition is what tells a change of theme (the `theme` attribute, the
 * system's colour scheme, a page's `--agent-chat-*` values): a computed value that changes starts one, and its end
 * is heard (`transitionend`) with the new value in place.
 */
export const themeProbeStyles = css`
  .theme-probes {
    position: absolute;
    width: 0;
    height: 0;
    overflow: hidden;
    visibility: hidden;
  }
  .theme-probes > i {
    display: block;
    border-style: solid;
    transition: all 1ms allow-discrete;
  }
  ${unsafeCSS(VARIABLES.map(([, property, token], index) => `.theme-probes > i:nth-child(${index + 1}) { ${property}: var(${token}); }`).join('\n'))}
`;

/** The variables as the probes in `root` resolve them now. */
export function themeVariables(root: ParentNode): McpUiStyles {
  const probes = root.querySelectorAll('.theme-probes > i');
  const variables: Partial<McpUiStyles> = {};
  VARIABLES.forEach(([key, property], index) => {
    const probe = probes[index];
    const value = probe ? getComputedStyle(probe).getPropertyValue(property) : '';
    if (value) variables[key] = value;
  });
  if (probes.length > 0) variables['--border-width-regular'] = '1px';
  return variables as McpUiStyles;
}

/** Light text means a dark theme: the colour is read as the browser resolved it (`rgb(…)` or `rgba(…)`). */
export function themeOf(variables: Partial<McpUiStyles>): 'light' | 'dark' {
  const [r = 0, g = 0, b = 0] = (variables['--color-text-primary']?.match(/[\d.]+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 128 ? 'dark' : 'light';
}
