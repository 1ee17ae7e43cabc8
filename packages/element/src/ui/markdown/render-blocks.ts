import { html, nothing, render } from 'lit';
import type { Token, Tokens } from 'marked';
import { copyCode } from './copy-code.js';
import { decodeEntities } from './decode-entities.js';
import type { GrowingCode } from '../../core/markdown/open-fence.js';
import { inline } from './render-inline.js';
import type { RenderOptions } from './render-options.js';
import { en } from '../../i18n/strings.js';

/**
 * marked's block tokens to Lit templates (inline ones: render-inline.ts). `end` is what ends the text while a
 * reply streams, the caret: it goes into the last block, down to its deepest last part (the paragraph, the
 * list item, the code), so it sits where the next character will appear.
 */

/**
 * The rendered items and rows of a list or table still growing, by their token (which stays the same object while
 * the block grows; see IncrementalMarkdown), with the looseness they were rendered for.
 */
export type ItemViews = WeakMap<object, { loose: boolean; node: Node }>;

const HEADINGS = [
  (c: unknown) => html`<h1>${c}</h1>`,
  (c: unknown) => html`<h2>${c}</h2>`,
  (c: unknown) => html`<h3>${c}</h3>`,
  (c: unknown) => html`<h4>${c}</h4>`,
  (c: unknown) => html`<h5>${c}</h5>`,
  (c: unknown) => html`<h6>${c}</h6>`,
];

/** Blocks, the caret at the end of the last one that shows anything (or alone, when none does). */
export function blocks(tokens: Token[], options: RenderOptions, end: unknown = nothing, loose = false, live?: ItemViews): unknown[] {
  let last = tokens.length - 1;
  while (last >= 0 && (tokens[last]!.type === 'space' || tokens[last]!.type === 'def')) last--;
  const out = tokens.map((token, i) => block(token, options, i === last ? end : nothing, loose, live));
  if (last < 0) out.push(end);
  return out;
}

/**
 * One block. `loose`: inside an item of a loose list, where text is a paragraph. `live`: rendered items of a
 * list still growing, kept so the items that can no longer change are not rendered again on every frame.
 */
export function block(token: Token, options: RenderOptions, end: unknown = nothing, loose = false, live?: ItemViews): unknown {
  switch (token.type) {
    case 'paragraph':
      return html`<p>${inline(token.tokens, options)}${end}</p>`;
    case 'text': {
      // The text of a tight list item: no paragraph around it, unless the list is loose.
      const content = [token.tokens ? inline(token.tokens, options) : decodeEntities(token.text), end];
      return loose ? html`<p>${content}</p>` : content;
    }
    case 'heading':
      return HEADINGS[(token as Tokens.Heading).depth - 1]!([inline(token.tokens, options), end]);
    case 'code':
      return code(token as Tokens.Code, options, end);
    case 'blockquote':
      return html`<blockquote>${blocks(token.tokens ?? [], options, end)}</blockquote>`;
    case 'list':
      return list(token as Tokens.List, options, end, live);
    case 'table':
      return table(token as Tokens.Table, options, end, live);
    case 'hr':
      return [html`<hr>`, end];
    case 'html':
      // Raw HTML is shown as the text it is (see docs/markdown.md).
      return html`<p class="html">${token.text.replace(/\n+$/, '')}${end}</p>`;
    case 'space':
    case 'def':
      return end;
  }
  return [token.raw, end];
}

function code(token: Tokens.Code, options: RenderOptions, end: unknown): unknown {
  const t = options.strings ?? en;
  // The info string's first word names the language (CommonMark: entities and escapes count in it).
  const lang = decodeEntities(/^\S*/.exec(token.lang ?? '')![0]);
  // A code block's text ends with its line's newline, except while the caret sits after its last character.
  const body = token.text.replace(/\n$/, '');
  const text = (token as GrowingCode).pieces ?? (body && end === nothing ? `${body}\n` : body);
  // Kept on one line: whitespace inside a template ships in the bundle as written.
  return html`<div class="code-block"><div class="code-bar"><span class="code-lang">${lang}</span><button class="copy" part="copy" aria-live="polite" data-copied=${t.codeCopied} data-failed=${t.copyFailed} @click=${copyCode}>${t.copyCode}</button></div><pre><code class=${lang ? `language-${lang}` : nothing}>${text}${end}</code></pre></div>`;
}

function list(token: Tokens.List, options: RenderOptions, end: unknown, live: ItemViews | undefined): unknown {
  const last = token.items.length - 1;
  const items = token.items.map((item, i) =>
    i === last || !live
      ? listItem(item, options, token.loose, i === last ? end : nothing)
      : kept(live, item, token.loose, () => listItem(item, options, token.loose, nothing)),
  );
  const start = token.start;
  return token.ordered
    ? html`<ol start=${start !== 1 && start !== '' ? start : nothing}>${items}</ol>`
    : html`<ul>${items}</ul>`;
}

function listItem(item: Tokens.ListItem, options: RenderOptions, loose: boolean, end: unknown): unknown {
  const [first, ...rest] = item.tokens;
  if (first?.type !== 'checkbox') return html`<li>${blocks(item.tokens, options, end, loose)}</li>`;
  const box = html`<input type="checkbox" disabled ?checked=${(first as Tokens.Checkbox).checked}> `;
  const [text, ...after] = rest;
  if (loose && (text?.type === 'paragraph' || text?.type === 'text')) {
    // In a loose list the box starts the first paragraph, so its words stay on the box's line.
    const more = after.some((token) => token.type !== 'space' && token.type !== 'def');
    return html`<li class="task"><p>${box}${inline(text.tokens, options)}${more ? nothing : end}</p>${blocks(after, options, more ? end : nothing, loose)}</li>`;
  }
  return html`<li class="task">${box}${blocks(rest, options, end, loose)}</li>`;
}

function table(token: Tokens.Table, options: RenderOptions, end: unknown, live: ItemViews | undefined): unknown {
  const rows = token.rows;
  const lastRow = rows.length - 1;
  const head = token.header.map(
    (cell, i) => html`<th align=${cell.align ?? nothing}>${inline(cell.tokens, options)}${lastRow < 0 && i === token.header.length - 1 ? end : nothing}</th>`,
  );
  const row = (cells: Tokens.TableCell[], rowEnd: unknown) =>
    html`<tr>${cells.map(
      (cell, i) => html`<td align=${cell.align ?? nothing}>${inline(cell.tokens, options)}${i === cells.length - 1 ? rowEnd : nothing}</td>`,
    )}</tr>`;
  const body = rows.map((cells, r) =>
    r === lastRow || !live ? row(cells, r === lastRow ? end : nothing) : kept(live, cells, false, () => row(cells, nothing)),
  );
  return html`<div class="table-wrap"><table><thead><tr>${head}</tr></thead>${rows.length ? html`<tbody>${body}</tbody>` : nothing}</table></div>`;
}

/** The element `make` renders (an item, a row), made once for `key` and then given to Lit as that same node. */
function kept(live: ItemViews, key: object, loose: boolean, make: () => unknown): Node {
  let view = live.get(key);
  if (!view || view.loose !== loose) {
    const fragment = document.createDocumentFragment();
    render(make(), fragment);
    live.set(key, (view = { loose, node: fragment.firstElementChild! }));
  }
  return view.node;
}

/**
 * A template's DOM, made now: given to Lit later as these nodes, which it skips as unchanged on every render
 * after the first (a Node value is committed only when it is another node). What lit's guard() does, without
 * the directive; if the part around them is made again, the nodes move into it.
 */
export function renderedNodes(template: unknown): Node[] {
  const fragment = document.createDocumentFragment();
  render(template, fragment);
  return [...fragment.childNodes];
}
