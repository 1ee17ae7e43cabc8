import { html, nothing, type TemplateResult } from 'lit';
import { copyCode } from './copy-code.js';
import { decodeEntities } from './decode-entities.js';
import { withReferences } from './references.js';
import { safeImageSrc, safeLinkHref } from './safe-url.js';
import type { Block, Code, Image, Inline, Link, List, Table } from './tokens.js';

/**
 * Markdown tokens to Lit templates. Safety comes from the shape of this file, not from filtering: every piece
 * of model text reaches the DOM as a Lit text binding or an attribute value, so it is never parsed as HTML;
 * raw HTML tokens are shown as their source text; a link's destination passes safe-url.ts or the link is shown
 * as its text. There is no HTML string and no unsafeHTML anywhere in the renderer.
 */

export interface RenderOptions {
  /** Show `![alt](https://…)` as an image; otherwise (the default) its alt text. */
  allowImages: boolean;
}

/**
 * What ends the last block while a reply streams: one DOM node (the caret and any text not lexed yet) that is
 * placed in the deepest last spot — inside the paragraph, the last list item, the code — so the caret sits
 * where the next character will appear.
 */
export type Trailer = Node | typeof nothing;

type Content = unknown;

export function renderBlock(t: Block, options: RenderOptions, trailer: Trailer = nothing): Content {
  switch (t.type) {
    case 'space':
    case 'def':
      return trailer;
    case 'paragraph':
      return html`<p>${renderInline(t.tokens, options)}${trailer}</p>`;
    case 'text':
      // Block-level text: the content of a tight list item, without a paragraph around it.
      return html`${renderInline(t.tokens, options)}${trailer}`;
    case 'heading':
      return heading(t.depth, html`${renderInline(t.tokens, options)}${trailer}`);
    case 'code':
      return codeBlock(t, trailer);
    case 'blockquote':
      return html`<blockquote>${renderBlocks(t.tokens, options, trailer)}</blockquote>`;
    case 'list':
      return list(t, options, trailer);
    case 'table':
      return table(t, options, trailer);
    case 'hr':
      return html`<hr />${trailer}`;
    case 'html':
      // Raw HTML in model text is shown as the text it is.
      return html`<p class="raw-html">${t.raw.replace(/\n+$/, '')}${trailer}</p>`;
  }
}

/** Blocks in order, the trailer going to the last one that shows something. */
export function renderBlocks(tokens: readonly Block[], options: RenderOptions, trailer: Trailer = nothing): Content[] {
  const last = lastShown(tokens);
  const blocks = tokens.map((token, i) => renderBlock(token, options, i === last ? trailer : nothing));
  if (last === -1) blocks.push(trailer);
  return blocks;
}

/** The index of the last token that renders something (not a blank line or a link definition), or -1. */
export function lastShown(tokens: readonly Block[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const type = tokens[i]!.type;
    if (type !== 'space' && type !== 'def') return i;
  }
  return -1;
}

function heading(depth: number, content: Content): TemplateResult {
  switch (depth) {
    case 1:
      return html`<h1>${content}</h1>`;
    case 2:
      return html`<h2>${content}</h2>`;
    case 3:
      return html`<h3>${content}</h3>`;
    case 4:
      return html`<h4>${content}</h4>`;
    case 5:
      return html`<h5>${content}</h5>`;
    default:
      return html`<h6>${content}</h6>`;
  }
}

function codeBlock(code: Code, trailer: Trailer): TemplateResult {
  const lang = code.lang.split(/\s/)[0];
  // Code is shown exactly as written: no entity decoding, no references.
  // Templates are kept on one line here: whitespace inside a template ships in the bundle as written.
  return html`<div class="code-block"><div class="code-bar"><span class="code-lang">${lang}</span><button type="button" class="copy" part="copy" aria-live="polite" @click=${copyCode}>Copy</button></div><pre><code>${code.text}${trailer}</code></pre></div>`;
}

function list(list: List, options: RenderOptions, trailer: Trailer): TemplateResult {
  const lastItem = list.items.length - 1;
  const items = list.items.map(
    (item, i) =>
      html`<li class=${item.task ? 'task' : nothing}>${renderBlocks(item.tokens, options, i === lastItem ? trailer : nothing)}</li>`,
  );
  if (!list.ordered) return html`<ul>${items}</ul>`;
  const start = list.start !== 1 ? list.start : nothing;
  return html`<ol start=${start}>${items}</ol>`;
}

function table(table: Table, options: RenderOptions, trailer: Trailer): TemplateResult {
  const lastRow = table.rows.length - 1;
  const cells = (row: Inline[][], header: boolean, withTrailer: boolean) =>
    row.map((cell, i) => {
      const content = html`${renderInline(cell, options)}${withTrailer && i === row.length - 1 ? trailer : nothing}`;
      const align = table.align[i] ? `align-${table.align[i]}` : nothing;
      return header ? html`<th class=${align}>${content}</th>` : html`<td class=${align}>${content}</td>`;
    });
  const body = lastRow === -1 ? nothing : html`<tbody>${table.rows.map((row, r) => html`<tr>${cells(row, false, r === lastRow)}</tr>`)}</tbody>`;
  return html`<div class="table-wrap"><table><thead><tr>${cells(table.header, true, lastRow === -1)}</tr></thead>${body}</table></div>`;
}

export function renderInline(tokens: readonly Inline[], options: RenderOptions, inLink = false): Content[] {
  return tokens.map((token) => inline(token, options, inLink));
}

function inline(t: Inline, options: RenderOptions, inLink: boolean): Content {
  switch (t.type) {
    case 'text':
      return inLink ? decodeEntities(t.text) : plainText(t.text);
    case 'escape':
    case 'html':
      // An escaped character, or inline HTML shown as the text it is.
      return t.text;
    case 'strong':
      return html`<strong>${renderInline(t.tokens, options, inLink)}</strong>`;
    case 'em':
      return html`<em>${renderInline(t.tokens, options, inLink)}</em>`;
    case 'del':
      return html`<del>${renderInline(t.tokens, options, inLink)}</del>`;
    case 'codespan':
      return html`<code>${t.text}</code>`;
    case 'br':
      return html`<br />`;
    case 'link':
      return link(t, options, inLink);
    case 'image':
      return image(t, options);
    case 'checkbox':
      return checkbox(t.checked);
  }
}

function checkbox(checked: boolean): TemplateResult {
  return html`<span class="checkbox" role="img" aria-label=${checked ? 'done' : 'not done'}>${checked ? '☑' : '☐'}</span> `;
}

function link(token: Link, options: RenderOptions, inLink: boolean): Content {
  const content = renderInline(token.tokens, options, true);
  const href = inLink ? undefined : safeLinkHref(token.href, token.autolink);
  // A destination we won't follow (javascript:, data:, …) leaves its text, unlinked.
  if (href === undefined) return content;
  const title = token.title ? decodeEntities(token.title) : nothing;
  return html`<a href=${href} title=${title} target="_blank" rel="noopener noreferrer">${content}</a>`;
}

function image(token: Image, options: RenderOptions): Content {
  const alt = decodeEntities(token.text);
  const src = options.allowImages ? safeImageSrc(token.href) : undefined;
  if (src === undefined) return alt;
  const title = token.title ? decodeEntities(token.title) : nothing;
  return html`<img src=${src} alt=${alt} title=${title} loading="lazy" referrerpolicy="no-referrer" />`;
}

/** Text outside code and links: character references resolved, item references made chips. */
function plainText(text: string): Content {
  return withReferences(decodeEntities(text));
}
