import { html, nothing, render } from 'lit';
import {
  BLOCKQUOTE,
  CHECKBOX,
  CHECKED,
  CODE_BLOCK,
  CODE_FENCE,
  CODE_INLINE,
  EQUATION_BLOCK,
  EQUATION_INLINE,
  HEADING_1,
  HREF,
  IMAGE,
  ITALIC_AST,
  ITALIC_UND,
  LANG,
  LINE_BREAK,
  LINK,
  LIST_ITEM,
  LIST_ORDERED,
  LIST_UNORDERED,
  PARAGRAPH,
  RAW_URL,
  RULE,
  SRC,
  START,
  STRIKE,
  STRONG_AST,
  STRONG_UND,
  TABLE,
  TABLE_CELL,
  TABLE_ROW,
  type Token,
} from 'streaming-markdown';
import { copyCode } from './copy-code.js';
import { referenceChip } from './references.js';
import { safeImageSrc, safeLinkHref } from './safe-url.js';
import { en, type AgentChatStrings } from '../i18n/strings.js';

/**
 * The tree streaming-markdown's parser describes, to Lit templates. Safety comes from the shape of this file,
 * not from filtering: every piece of model text reaches the DOM as a Lit text binding or an attribute value,
 * so it is never parsed as HTML (the parser has no HTML tokens: `<b>` is text); a link's destination passes
 * safe-url.ts or the link is shown as its text. There is no HTML string and no unsafeHTML anywhere here.
 */

export interface RenderOptions {
  /** Show `![alt](https://…)` as an image; otherwise (the default) its alt text. */
  allowImages: boolean;
  /** The element's texts (the copy button, a task's state); English by default. */
  strings?: AgentChatStrings;
}

/**
 * One token of the parser's output: what `add_token` opened, with the text (`add_text`, consecutive calls
 * merged into one string) and the tokens opened inside it, in order. Attributes (`set_attr`) are kept under the
 * parser's own attribute constants: `node[HREF]`, `node[SRC]`, `node[LANG]`, `node[CHECKED]`, `node[START]`.
 */
export interface MdNode {
  type: Token;
  kids: Array<MdNode | string>;
  /** `end_token` fired: the parser will never add to this node again. */
  done: boolean;
  /** A link or image ended by its `]` with no `(url)` after it: `[F-1]`, `[text]`. */
  closed?: boolean;
  /** In a table's first row: its cells are header cells. */
  head?: boolean;
  /** A finished node's DOM, rendered once (see `once`). */
  view?: Node[];
  [attribute: number]: string | undefined;
}

/**
 * What ends the text while a reply streams: one DOM node (the caret) placed at the end of the deepest node still
 * open — inside the paragraph, the list item, the code — so the caret sits where the next character will appear.
 */
export type Trailer = Node | typeof nothing;

const HEADINGS = [
  (c: unknown) => html`<h1>${c}</h1>`,
  (c: unknown) => html`<h2>${c}</h2>`,
  (c: unknown) => html`<h3>${c}</h3>`,
  (c: unknown) => html`<h4>${c}</h4>`,
  (c: unknown) => html`<h5>${c}</h5>`,
  (c: unknown) => html`<h6>${c}</h6>`,
];

/** `[F-1]`, or `[[F-1]` whose second `]` is the text after it: an item reference (references.ts). */
const REFERENCE = /^(\[?)([A-Z]+-\d+)$/;
/** Ends a word: an underscore after it is not emphasis. */
const ALNUM = /[a-z\d]$/i;

/** Renders `node`; `trailer` goes to the end of the deepest open node under it. */
export function renderNode(node: MdNode, options: RenderOptions, trailer: Trailer = nothing): unknown {
  const type = node.type;
  const t = options.strings ?? en;
  const c = () => kids(node, options, trailer);
  // Code and math: the text exactly as written.
  const raw = [node.kids, trailer];
  const url = node[HREF];
  const heading = HEADINGS[type - HEADING_1];
  if (heading) return heading(c());
  switch (type) {
    case PARAGRAPH:
      return html`<p>${c()}</p>`;
    case CODE_BLOCK:
    case CODE_FENCE:
      // Templates are kept on one line here: whitespace inside a template ships in the bundle as written.
      return html`<div class="code-block"><div class="code-bar"><span class="code-lang">${node[LANG]}</span><button class="copy" part="copy" aria-live="polite" data-copied=${t.codeCopied} data-failed=${t.copyFailed} @click=${copyCode}>${t.copyCode}</button></div><pre><code>${raw}</code></pre></div>`;
    case CODE_INLINE:
    // No TeX renderer: math (`$…$`, `\(…\)`, `$$…$$`, `\[…\]`) is shown as its source, like code.
    case EQUATION_INLINE:
    case EQUATION_BLOCK:
      return html`<code>${raw}</code>`;
    case ITALIC_AST:
    case ITALIC_UND:
      return html`<em>${c()}</em>`;
    case STRONG_AST:
    case STRONG_UND:
      return html`<strong>${c()}</strong>`;
    case STRIKE:
      return html`<del>${c()}</del>`;
    case BLOCKQUOTE:
      return html`<blockquote>${c()}</blockquote>`;
    case LINE_BREAK:
      return html`<br>`;
    case RULE:
      return html`<hr>`;
    case LIST_UNORDERED:
      return html`<ul>${c()}</ul>`;
    case LIST_ORDERED:
      return html`<ol start=${node[START] ?? nothing}>${c()}</ol>`;
    case LIST_ITEM:
      // A task item (its checkbox first) loses its bullet in markdown-styles.ts.
      return html`<li>${c()}</li>`;
    case CHECKBOX: {
      const checked = node[CHECKED] !== undefined;
      return html`<span class="checkbox" role="img" aria-label=${checked ? t.taskDone : t.taskOpen}>${checked ? '☑' : '☐'}</span>`;
    }
    case TABLE:
      // Rows straight in <table>: the first row's <th> cells are the header.
      return html`<div class="table-wrap"><table>${c()}</table></div>`;
    case TABLE_ROW:
      return html`<tr>${c()}</tr>`;
    case TABLE_CELL:
      return node.head ? html`<th>${c()}</th>` : html`<td>${c()}</td>`;
    case LINK:
      // No destination (yet): the brackets are text, as written. A title (`"…"` after the URL) is left out.
      return url === undefined ? ['[', c(), node.closed ? ']' : ''] : link(/^\s*<?([^\s>]*)/.exec(url)![1]!, c());
    case RAW_URL: {
      if (url === undefined) return c();
      // A URL ends before the punctuation that ends its sentence, and before a `)` it did not open.
      let href = url.replace(/[.,:;!?'"*_~]+$/, '');
      if (href.endsWith(')') && !href.includes('(')) href = href.slice(0, -1);
      return [link(href, href), url.slice(href.length)];
    }
    case IMAGE: {
      const alt = node.kids.join('');
      const src = options.allowImages && safeImageSrc(node[SRC]?.split(' ')[0] ?? '');
      return src ? html`<img src=${src} alt=${alt} loading="lazy" referrerpolicy="no-referrer">` : alt;
    }
  }
  return c();
}

/**
 * A finished node's DOM: rendered the first time, then the same nodes on every later render, which Lit skips
 * as unchanged (a Node value is committed only when it is another node). What lit's guard() does, without the
 * directive machinery (0.2 KB of the bundle). Should the part around it be made again, the nodes move into it.
 */
export function once(node: MdNode, make: () => unknown): Node[] {
  if (!node.view) {
    const fragment = document.createDocumentFragment();
    render(make(), fragment);
    node.view = [...fragment.childNodes];
  }
  return node.view;
}

/** A link with a destination we allow, or just its content (javascript:, data:, … are not followed). */
function link(destination: string, content: unknown): unknown {
  const href = safeLinkHref(destination);
  return href === undefined
    ? content
    : html`<a href=${href} target="_blank" rel="noopener noreferrer">${content}</a>`;
}

/**
 * A node's content. A finished block inside it (a list item, a table row, a paragraph in a quote) is rendered once
 * and then skipped (`once`), so a long list or table that is still growing does not render its finished items
 * again on every frame.
 */
function kids(node: MdNode, options: RenderOptions, trailer: Trailer): unknown[] {
  const list = node.kids;
  const last = list.length - 1;
  let skip = 0;
  const out = list.map((kid, i) => {
    if (typeof kid === 'string') {
      const text = kid.slice(skip);
      skip = 0;
      return text;
    }
    const type = kid.type;
    const prev = list[i - 1];
    const end = i === last ? trailer : nothing;
    const label = kid.closed && type === LINK && REFERENCE.exec(kid.kids.join());
    const next = list[i + 1];
    if (label && (!label[1] || (typeof next === 'string' && next[0] === ']'))) {
      skip = label[1]!.length;
      return referenceChip(label[2]!);
    }
    if ((type === ITALIC_UND || type === STRONG_UND) && typeof prev === 'string' && ALNUM.test(prev)) {
      // `snake_case_name`: underscores inside a word are not emphasis.
      const mark = type === ITALIC_UND ? '_' : '__';
      return [mark, kids(kid, options, end), kid.done ? mark : ''];
    }
    return kid.done && (type < CODE_INLINE || type === BLOCKQUOTE || type > LINE_BREAK)
      ? once(kid, () => renderNode(kid, options))
      : renderNode(kid, options, end);
  });
  // The deepest open node holds the trailer (an open child got it above).
  if ((list[last] as MdNode | undefined)?.done !== false) out.push(trailer);
  return out;
}
