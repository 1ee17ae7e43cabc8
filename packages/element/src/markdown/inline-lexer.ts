import type { Inline, Links, Styled } from './tokens.js';

/** Labels match case-insensitively, with runs of whitespace as one space (CommonMark §4.7). */
export const normalizeLabel = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** Backslash escapes in a destination or title: `\)` is a parenthesis, not the end of the link. */
export const unescape = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

type Rule = [RegExp, (match: RegExpExecArray, links: Links) => Inline | string | undefined];

// A link's text may hold brackets two levels deep (`[[x](y)](z)`), as marked allows; deeper is text.
const LABEL = String.raw`((?:\\.|[^[\]\\]|\[(?:\\.|[^[\]\\]|\[(?:\\.|[^[\]\\])*\])*\])*)`;
// Destination (bare with balanced parentheses, or in <>), then an optional title in "", '' or ().
const TARGET = String.raw`\(\s*(<[^<>\n]*>|(?:\\.|[^\s()\\]|\((?:\\.|[^\s()\\])*\))*)(?:\s+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?\s*\)`;
const LINK = new RegExp(String.raw`(!?)\[${LABEL}\](?:${TARGET}|\[((?:\\.|[^[\]\\])*)\])?`, 'y');

const autolink = (text: string, href: string): Inline => ({ type: 'link', href, tokens: [{ type: 'text', text }], autolink: true });

const styled =
  (type: Styled['type']): Rule[1] =>
  (match, links) => ({ type, tokens: lexInline(match[1]!, links) });

function link(match: RegExpExecArray, links: Links): Inline | undefined {
  const [, bang, label, destination, quoted, ref] = match as unknown as string[];
  let href = destination;
  let title = quoted && unescape(quoted.slice(1, -1));
  if (href === undefined) {
    // `[text][label]`, `[label][]` or `[label]`: only a defined label makes a link; otherwise it is text.
    const def = links[normalizeLabel(ref || label!)];
    if (!def) return undefined;
    ({ href, title } = def);
  } else {
    href = unescape(href.replace(/^<([^]*)>$/, '$1'));
  }
  return bang
    ? { type: 'image', href, title, text: label! }
    : { type: 'link', href, title, tokens: lexInline(label!, links) };
}

/**
 * Tried in order at each position, all sticky; the first that matches and accepts makes the token. A string
 * result is text. The last rule always matches: a run of word characters, or one other character — so an
 * underscore inside a word never opens emphasis, and bare URLs and emails are only looked for where a word
 * starts.
 */
const RULES: Rule[] = [
  [/\\([!-/:-@[-`{-~])/y, (m) => ({ type: 'escape', text: m[1]! })],
  // Chat text keeps its line breaks (marked's `breaks: true`): every newline in a paragraph is a <br>.
  [/(?:\\|[ \t]*)\n[ \t]*/y, () => ({ type: 'br' })],
  [/(`+)([^`]|[^`][^]*?[^`])\1(?!`)/y, (m) => ({ type: 'codespan', text: codeText(m[2]!) })],
  // Backticks that close nothing are text, all of them: a later, shorter run must not close part of them.
  [/`+/y, (m) => m[0]],
  [/<([a-zA-Z][\w+.-]{1,31}:[^\s<>]*)>/y, (m) => autolink(m[1]!, m[1]!)],
  [/<([\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/y, (m) => autolink(m[1]!, 'mailto:' + m[1])],
  [/<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?\/?>|<!--[^]*?-->/y, (m) => ({ type: 'html', text: m[0] })],
  [LINK, link],
  [/\*\*(?=\S)([^]*?\S)\*\*(?!\*)/y, styled('strong')],
  [/__(?=\S)([^]*?\S)__(?!\w)/y, styled('strong')],
  [/\*(?=[^\s*]|\*\*)((?:\*\*|\\[^]|[^\\*])*?[^\s*\\])\*(?!\*)/y, styled('em')],
  [/_(?=\S)([^]*?\S)_(?!\w)/y, styled('em')],
  [/~~(?=\S)([^]*?\S)~~/y, styled('del')],
  // GFM bare URLs: trailing punctuation and an unbalanced `)` are not part of them.
  [/(?:https?:\/\/|www\.)(?:[^\s<()]|\([^\s<()]*\))+?(?=[?!.,:*_~'"]*(?:[\s<()]|$))/y, (m) => autolink(m[0], (m[0][0] == 'w' ? 'http://' : '') + m[0])],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/y, (m) => autolink(m[0], 'mailto:' + m[0])],
  [/[\p{L}\p{N}_]+|[^]/uy, (m) => m[0]],
];

/** Code span content: line ends become spaces, and one space is stripped from each side if both have one. */
function codeText(text: string): string {
  text = text.replace(/\n/g, ' ');
  return /^ .*[^ ].* $/.test(text) ? text.slice(1, -1) : text;
}

/** Inline tokens of a paragraph, heading or table cell; `links` resolves reference links. */
export function lexInline(src: string, links: Links): Inline[] {
  const out: Inline[] = [];
  for (let at = 0; at < src.length; ) {
    for (const [pattern, make] of RULES) {
      pattern.lastIndex = at;
      const match = pattern.exec(src);
      const token = match && make(match, links);
      if (!token) continue;
      const last = out[out.length - 1];
      if (typeof token != 'string') out.push(token);
      else if (last?.type == 'text') last.text += token;
      else out.push({ type: 'text', text: token });
      at += match[0].length;
      break;
    }
  }
  return out;
}
