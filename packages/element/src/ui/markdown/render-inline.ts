import { html, nothing } from 'lit';
import type { Token, Tokens } from 'marked';
import { decodeEntities } from './decode-entities.js';
import type { MathToken } from '../../core/markdown/math.js';
import { referenceChip } from './references.js';
import type { RenderOptions } from './render-options.js';
import { safeImageSrc, safeLinkHref } from '../../core/markdown/safe-url.js';

/**
 * Inline tokens to Lit templates. Safety comes from the shape of this file, not from filtering: model text
 * reaches the DOM only as Lit text bindings and attribute values, so it is never parsed as HTML (raw HTML is
 * shown as the text it is); a link's destination passes safe-url.ts or the link is shown as its text.
 */
export function inline(tokens: Token[] | undefined, options: RenderOptions): unknown[] {
  return tokens ? tokens.map((token) => inlineToken(token, options)) : [];
}

/** `[[F-1]]` (the documented form) or `[F-1]` (what seed 003's replies write): an item reference. */
const REFERENCE = /\[\[([A-Z]+-\d+)\]\]|(?<!\[)\[([A-Z]+-\d+)\](?!\])/g;

const BREAK = /^<br\s*\/?>$/i;

function inlineToken(token: Token, options: RenderOptions): unknown {
  switch (token.type) {
    case 'text':
      return token.tokens ? inline(token.tokens, options) : withReferences(decodeEntities(token.text));
    case 'escape':
      return token.text;
    case 'codespan':
      return html`<code>${token.text}</code>`;
    case 'strong':
      return html`<strong>${inline(token.tokens, options)}</strong>`;
    case 'em':
      return html`<em>${inline(token.tokens, options)}</em>`;
    case 'del':
      return html`<del>${inline(token.tokens, options)}</del>`;
    case 'br':
      return html`<br>`;
    case 'link':
      return link(token as Tokens.Link, options);
    case 'image':
      return image(token as Tokens.Image, options);
    case 'math':
      return html`<span class="math" data-display=${(token as MathToken).display ? '' : nothing}>${token.text}</span>`;
  }
  // `<br>` is the one tag read, as a line break: models write it in table cells, where a newline can't go.
  if (token.type === 'html' && BREAK.test(token.raw)) return html`<br>`;
  // Other raw HTML (`<b>`), and anything a later marked adds: the text as written, never "[object Object]".
  return token.raw;
}

/** Text with its item references as chips (references.ts). */
function withReferences(text: string): unknown {
  if (!text.includes('[')) return text;
  const out: unknown[] = [];
  let at = 0;
  for (const match of text.matchAll(REFERENCE)) {
    out.push(text.slice(at, match.index), referenceChip((match[1] ?? match[2])!));
    at = match.index + match[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/**
 * A destination as CommonMark writes it into `href`: entities decoded, then what a URL may not hold
 * percent-encoded (a `%XX` already there is kept).
 */
function destination(raw: string): string {
  const decoded = decodeEntities(raw);
  try {
    return encodeURI(decoded).replace(/%25([\dA-Fa-f]{2})/g, '%$1');
  } catch {
    // A lone surrogate: leave it to the URL parser in safe-url.ts.
    return decoded;
  }
}

function title(token: Tokens.Link | Tokens.Image): string | typeof nothing {
  return token.title ? decodeEntities(token.title) : nothing;
}

/** A link with a destination we allow, or just its content (javascript:, data:, … are not followed). */
function link(token: Tokens.Link, options: RenderOptions): unknown {
  const content = inline(token.tokens, options);
  const href = safeLinkHref(destination(token.href));
  return href === undefined
    ? content
    : html`<a href=${href} title=${title(token)} target="_blank" rel="noopener noreferrer">${content}</a>`;
}

/** An image when the host allows images and the source is http(s); otherwise its alt text. */
function image(token: Tokens.Image, options: RenderOptions): unknown {
  const alt = plainText(token.tokens ?? [], token.text);
  const src = options.allowImages ? safeImageSrc(destination(token.href)) : undefined;
  return src
    ? html`<img src=${src} alt=${alt} title=${title(token)} loading="lazy" referrerpolicy="no-referrer">`
    : alt;
}

/** What an image's description reads as text: its inline tokens without their markup. */
function plainText(tokens: Token[], fallback: string): string {
  if (!tokens.length) return decodeEntities(fallback);
  return tokens
    .map((token) =>
      'tokens' in token && token.tokens
        ? plainText(token.tokens, '')
        : token.type === 'text'
        ? decodeEntities(token.text)
        : token.type === 'image'
        ? plainText((token as Tokens.Image).tokens ?? [], (token as Tokens.Image).text)
        : 'text' in token
        ? String(token.text)
        : token.raw,
    )
    .join('');
}
