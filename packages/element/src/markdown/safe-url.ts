import { decodeEntities } from './decode-entities.js';

/** Schemes a link in model text may use. Relative URLs are allowed too: they stay on the host's own origin. */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** Stands in for the page's base so a relative URL parses; only its scheme is ever looked at. */
const RELATIVE_BASE = 'https://relative.invalid/';
// Control characters and spaces hide schemes from naive checks (`java\0script:`), and no honest link has them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The href to put on a link, or undefined when the link must be shown as plain text. The destination is read
 * the way the browser will read it on a click: character references resolved (unless the lexer says it is an
 * autolink, whose text is literal), then parsed by the browser's own URL parser, which drops tabs and newlines
 * and lowercases the scheme — so `JaVa&#x09;Script&colon;` and friends are judged as `javascript:`.
 */
export function safeLinkHref(destination: string, literal = false): string | undefined {
  return checked(literal ? destination : decodeEntities(destination), LINK_SCHEMES, true);
}

/** An image source: absolute http(s) only, so a reply can't make the page fetch `data:` or relative resources. */
export function safeImageSrc(source: string): string | undefined {
  return checked(decodeEntities(source), IMAGE_SCHEMES, false);
}

function checked(candidate: string, schemes: ReadonlySet<string>, relativeAllowed: boolean): string | undefined {
  const href = candidate.trim();
  if (href === '' || CONTROL.test(href)) return undefined;
  let url: URL;
  try {
    url = relativeAllowed ? new URL(href, RELATIVE_BASE) : new URL(href);
  } catch {
    return undefined;
  }
  return schemes.has(url.protocol) ? href : undefined;
}
