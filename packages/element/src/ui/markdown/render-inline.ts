import type { Token, Tokens } from 'marked';
import { decodeEntities } from './decode-entities.js';
import type { MathToken } from '../../core/markdown/math.js';
import { referenceChip } from './references.js';
import type { RenderOptions } from './render-options.js';
import { safeImageSrc, safeLinkHref } from '../../core/markdown/safe-url.js';

/**
 * Inline tokens to DOM: one fragment per run of inline text, which the block's Lit template holds as one value.
 * Built directly rather than as nested Lit templates: a template and a part for every emphasis, code span and
 * piece of text cost a 50 KB reply about 17,000 marker comments and most of its render time, for DOM that a
 * finished block never changes again (a block still growing is built anew each frame, as Lit did for its parts).
 *
 * Safety comes from the shape of this file, not from filtering: model text reaches the DOM only as text nodes
 * and attribute values, so it is never parsed as HTML (raw HTML is shown as the text it is); a link's destination
 * passes safe-url.ts or the link is shown as its text.
 */
export function inline(tokens: Token[] | undefined, options: RenderOptions): DocumentFragment {
  const fragment = document.createDocumentFragment();
  appendInline(fragment, tokens, options);
  return fragment;
}

function appendInline(parent: Node, tokens: Token[] | undefined, options: RenderOptions): void {
  for (const token of tokens ?? []) appendToken(parent, token, options);
}

/** `[[F-1]]` (the documented form) or `[F-1]` (what seed 003's replies write): an item reference. */
const REFERENCE = /\[\[([A-Z]+-\d+)\]\]|(?<!\[)\[([A-Z]+-\d+)\](?!\])/g;

const BREAK = /^<br\s*\/?>$/i;

/** An element named `tag` in `parent`, holding `tokens`. */
function wrap(parent: Node, tag: string, tokens: Token[] | undefined, options: RenderOptions): HTMLElement {
  const element = document.createElement(tag);
  appendInline(element, tokens, options);
  parent.appendChild(element);
  return element;
}

function appendToken(parent: Node, token: Token, options: RenderOptions): void {
  switch (token.type) {
    case 'text':
      if (token.tokens) appendInline(parent, token.tokens, options);
      else appendText(parent, decodeEntities(token.text));
      return;
    case 'escape':
      parent.appendChild(document.createTextNode(token.text));
      return;
    case 'codespan':
      parent.appendChild(document.createElement('code')).textContent = token.text;
      return;
    case 'strong':
    case 'em':
    case 'del':
      wrap(parent, token.type, token.tokens, options);
      return;
    case 'br':
      parent.appendChild(document.createElement('br'));
      return;
    case 'link':
      return appendLink(parent, token as Tokens.Link, options);
    case 'image':
      return appendImage(parent, token as Tokens.Image, options);
    case 'math': {
      const math = parent.appendChild(document.createElement('span'));
      math.className = 'math';
      if ((token as MathToken).display) math.dataset['display'] = '';
      math.textContent = token.text;
      return;
    }
  }
  // `<br>` is the one tag read, as a line break: models write it in table cells, where a newline can't go.
  if (token.type === 'html' && BREAK.test(token.raw)) parent.appendChild(document.createElement('br'));
  // Other raw HTML (`<b>`), and anything a later marked adds: the text as written, never "[object Object]".
  else parent.appendChild(document.createTextNode(token.raw));
}

/** Text with its item references as chips (references.ts). */
function appendText(parent: Node, text: string): void {
  let at = 0;
  if (text.includes('[')) {
    for (const match of text.matchAll(REFERENCE)) {
      if (match.index > at) parent.appendChild(document.createTextNode(text.slice(at, match.index)));
      parent.appendChild(referenceChip((match[1] ?? match[2])!));
      at = match.index + match[0].length;
    }
  }
  if (at < text.length) parent.appendChild(document.createTextNode(at === 0 ? text : text.slice(at)));
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

function setTitle(element: HTMLElement, token: Tokens.Link | Tokens.Image): void {
  if (token.title) element.title = decodeEntities(token.title);
}

/** A link with a destination we allow, or just its content (javascript:, data:, … are not followed). */
function appendLink(parent: Node, token: Tokens.Link, options: RenderOptions): void {
  const href = safeLinkHref(destination(token.href));
  if (href === undefined) return appendInline(parent, token.tokens, options);
  const link = wrap(parent, 'a', token.tokens, options) as HTMLAnchorElement;
  link.setAttribute('href', href);
  setTitle(link, token);
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
}

/** An image when the host allows images and the source is http(s); otherwise its alt text. */
function appendImage(parent: Node, token: Tokens.Image, options: RenderOptions): void {
  const alt = plainText(token.tokens ?? [], token.text);
  const src = options.allowImages ? safeImageSrc(destination(token.href)) : undefined;
  if (!src) {
    parent.appendChild(document.createTextNode(alt));
    return;
  }
  const image = document.createElement('img');
  image.setAttribute('src', src);
  image.alt = alt;
  setTitle(image, token);
  image.loading = 'lazy';
  image.referrerPolicy = 'no-referrer';
  parent.appendChild(image);
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
