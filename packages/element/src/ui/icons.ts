import { css, svg, type SVGTemplateResult } from 'lit';

/**
 * The few icons the steps use, drawn with strokes in `currentColor` so they follow the text colour and any theme.
 * Always decorative: the text next to them (or a label on their button) says the same for screen readers.
 */
export function icon(paths: SVGTemplateResult): SVGTemplateResult {
  return svg`<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"
    fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>`;
}

export const undoIcon = icon(svg`<path d="M5.5 3.5L2.5 6.5l3 3" /><path d="M2.5 6.5h7a4 4 0 010 8h-3" />`);
export const linkIcon = icon(svg`<path d="M9 3h4v4M13 3L7.5 8.5M11 9.5V13H3V5h3.5" />`);
export const alertIcon = icon(svg`<circle cx="8" cy="8" r="6.2" /><path d="M8 4.8v3.8M8 11.2v.1" />`);

/** A ring with a gap that turns while a step runs; still for people who asked for less motion. */
export const spinner = svg`<svg class="icon spinner" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"
  focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
  <circle cx="8" cy="8" r="6" opacity="0.25" /><path d="M8 2a6 6 0 016 6" /></svg>`;

export const iconStyles = css`
  .icon {
    flex: none;
    width: 1em;
    height: 1em;
    vertical-align: -0.125em;
  }
  .spinner {
    animation: agent-chat-spin 0.8s linear infinite;
  }
  @keyframes agent-chat-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }
`;
