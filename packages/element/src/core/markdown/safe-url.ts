/** Schemes a link in model text may use. Relative URLs are allowed too: they stay on the host's own origin. */
const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];
/** Stands in for the page's base so a relative URL parses; only its scheme is ever looked at. */
const RELATIVE_BASE = 'https://relative.invalid/';

/**
 * The href to put on a link, or undefined when the link must be shown as plain text. The destination is judged
 * the way the browser will read it on a click: it is set as an attribute value by Lit, so character references
 * (`javascript&#58;`) stay literal text, and the browser's own URL parser reads it (dropping tabs and newlines,
 * lowercasing the scheme), so `JaVaScRiPt:` is judged as `javascript:`.
 */
export function safeLinkHref(destination: string): string | undefined {
  return checked(destination, true);
}

/**
 * An image source (asked for only when the host allows images): http(s) or relative, never `data:`, `blob:` or
 * another scheme. A relative source loads from the host's own origin, as the host's own images do.
 */
export function safeImageSrc(source: string): string | undefined {
  return checked(source, false);
}

function checked(candidate: string, link: boolean): string | undefined {
  const href = candidate.trim();
  // An empty destination is a link to the page itself, as CommonMark writes it (`[x]()`); no image has one.
  if (!href) return link ? '' : undefined;
  // No scheme check is done on the text: the browser's parser finds the scheme (past control characters, tabs
  // and newlines that hide it from naive checks, `java\0script:`), and the same parse decides on the click.
  try {
    const scheme = LINK_SCHEMES.indexOf(new URL(href, RELATIVE_BASE).protocol);
    // Images: http and https only (a relative source is https against the stand-in base).
    return scheme >= 0 && (link || scheme < 2) ? href : undefined;
  } catch {
    return undefined;
  }
}
