/**
 * Markdown resolves HTML character references in text and link destinations (CommonMark §2.5). Lit shows text
 * as it is given, so without this `AT&amp;T` would show its entity. Numeric references are complete; named ones
 * are the few that models write, and those used to hide a URL scheme (`&colon;`, `&Tab;`, `&NewLine;`) so that
 * safe-url.ts judges what a browser would read. An unknown name stays as written: shown, never interpreted.
 */
const NAMED = new Map<string, string>(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    copy: '©',
    reg: '®',
    trade: '™',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    colon: ':',
    Tab: '\t',
    NewLine: '\n',
  }),
);

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED.get(name) ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    // CommonMark: 0, surrogates and out-of-range code points become U+FFFD.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}
