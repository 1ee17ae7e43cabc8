import { css } from 'lit';

/**
 * How rendered markdown looks inside a bubble. Colours come from the `--agent-chat-*` tokens (ui/tokens.ts).
 * Selectors are unscoped: they live in the bubble's shadow root, where only markdown renders elements.
 */
export const markdownStyles = css`
  .markdown {
    --_code-bg: var(--agent-chat-code-background, rgba(127, 127, 127, .13));
    /* A single newline in a paragraph is a soft break (CommonMark), kept in the text; in a chat it reads as a new
       line, as people and models mean it, so it is shown as one. */
    white-space: pre-line;
    min-width: 0;
  }
  .markdown > :first-child {
    margin-top: 0;
  }
  .markdown > :last-child {
    margin-bottom: 0;
  }
  p,
  ul,
  ol,
  blockquote,
  .table-wrap,
  .code-block {
    margin: .5em 0;
  }
  h1,
  h2,
  h3,
  h4,
  h5,
  h6 {
    margin: .8em 0 .4em;
    line-height: 1.25;
    font-weight: 600;
  }
  h1 {
    font-size: 1.3em;
  }
  h2 {
    font-size: 1.2em;
  }
  h3 {
    font-size: 1.1em;
  }
  h4,
  h5,
  h6 {
    font-size: 1em;
  }
  ul,
  ol {
    padding-inline-start: 1.5em;
  }
  li.task {
    list-style: none;
  }
  .task input {
    margin: 0 .35em 0 -1.3em;
    vertical-align: middle;
  }
  .math {
    font-family: var(--_mono);
    font-size: .92em;
  }
  .math[data-display] {
    display: block;
    margin: .5em 0;
    text-align: center;
  }
  .html {
    white-space: pre-wrap;
  }
  blockquote {
    padding-inline-start: .8em;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
  }
  a {
    color: var(--_accent);
  }
  hr {
    border: 0;
    border-top: 1px solid var(--_border);
    margin: .8em 0;
  }
  code {
    font-family: var(--_mono);
    font-size: .92em;
  }
  :not(pre) > code {
    padding: .1em .3em;
    border-radius: 4px;
    background: var(--_code-bg);
  }
  .code-block {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    overflow: hidden;
  }
  .code-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 2px 4px 2px 10px;
    font-size: .85em;
    color: var(--_muted);
    background: var(--_code-bg);
  }
  .copy {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    border-radius: 4px;
    padding: 2px 8px;
    cursor: pointer;
  }
  .copy:hover,
  .copy:focus-visible {
    color: var(--_fg);
    background: var(--_code-bg);
  }
  .copy[data-state=copied] {
    color: var(--_success);
  }
  .copy[data-state=failed] {
    color: var(--_danger);
  }
  pre {
    margin: 0;
    padding: 8px 10px;
    overflow-x: auto;
    white-space: pre;
    overflow-wrap: normal;
    line-height: 1.4;
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
  }
  th,
  td {
    border: 1px solid var(--_border);
    padding: 4px 8px;
    vertical-align: top;
  }
  /* A column's alignment (its align attribute) must win, so only cells without one are set here. */
  th:not([align]) {
    text-align: start;
  }
  th {
    font-weight: 600;
    background: var(--_code-bg);
  }
  img {
    max-width: 100%;
  }
  .reference {
    font: inherit;
    font-size: .9em;
    line-height: 1.2;
    padding: 0 .45em;
    margin: 0 .1em;
    border: 1px solid var(--_accent);
    border-radius: 999px;
    color: var(--_accent);
    background: var(--_bg);
    cursor: pointer;
  }
  .reference:hover,
  .reference:focus-visible {
    color: var(--_accent-fg);
    background: var(--_accent);
  }
  .trailer {
    white-space: pre-wrap;
  }
  .trailer.caret::after {
    content: '';
    display: inline-block;
    width: .5em;
    height: 1em;
    margin-inline-start: 2px;
    vertical-align: text-bottom;
    background: currentColor;
    opacity: .5;
  }
  /* Only once the text stands still (markdown-controller.ts): an animation running makes each frame dearer. */
  .trailer.caret.blink::after {
    animation: agent-chat-blink 1s step-end infinite;
  }
  @keyframes agent-chat-blink {
    50% {
      opacity: 0;
    }
  }
`;
