import { lexInline, normalizeLabel, unescape } from './inline-lexer.js';
import type { Align, Block, Checkbox, Inline, Links, ListItem } from './tokens.js';

// Line patterns, each tested on one line without its newline. Indentation is counted in spaces; a tab is
// one column except where it starts indented code.
const BLANK = /^[ \t]*$/;
const INDENTED = /^(?: {4}|\t)/;
const FENCE = /^( {0,3})(`{3,}(?=[^`]*$)|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
// 1: indentation and marker, 2: bullet, 3: number, 4: its delimiter, 5: spaces after, 6: the rest.
const ITEM = /^( {0,3}(?:([-*+])|(\d{1,9})([.)])))(?:([ \t]+)(.*))?$/;
// Lists that may start inside a paragraph (CommonMark): not empty, and numbered from 1.
const INTERRUPTING_ITEM = /^ {0,3}(?:[-*+]|1[.)])[ \t]+\S/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const HTML = /^ {0,3}<(?:\/?[a-zA-Z][\w-]*(?:[\s/>]|$)|[!?])/;
const DEF =
  /^ {0,3}\[((?:\\.|[^[\]\\])+)\]:[ \t]*(<[^<>]*>|\S+)(?:[ \t]+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\)))?[ \t]*$/;
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const TASK = /^\[([ xX])\][ \t]+(?=\S)/;

/** A table row's cells: outer pipes dropped, split at pipes that are not escaped, `\|` kept as a pipe. */
const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||(?<!\\)\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));

/** GFM: a header row with a pipe, then a delimiter row with as many cells. */
const tableStart = (line: string, next = ''): boolean =>
  line.includes('|') && DELIMITER_ROW.test(next) && cells(line).length == cells(next).length;

/** Whether `line` starts a block even right after a paragraph line (so the paragraph ends there). */
const interrupts = (line: string, next?: string): boolean =>
  FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || INTERRUPTING_ITEM.test(line) || tableStart(line, next);

const alignOf = (cell: string): Align => {
  const left = cell[0] == ':';
  const right = cell.endsWith(':');
  return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
};

/**
 * The blocks of a markdown text, GitHub-flavoured, as a chat reply uses it. `links` holds the link
 * definitions known before this text; the ones it defines are added (the first of a label wins), and every
 * reference in the text resolves against all of them, wherever they are defined.
 */
export function lex(src: string, links: Links): Block[] {
  const pending: (() => void)[] = [];
  // Inline content is lexed once all blocks are, so a reference may use a definition further down.
  const inline = (text: string): Inline[] => {
    const tokens: Inline[] = [];
    pending.push(() => tokens.push(...lexInline(text, links)));
    return tokens;
  };
  const out = blocks(src);
  pending.forEach((lexPending) => lexPending());
  return out;

  function blocks(src: string): Block[] {
    if (!src) return [];
    const lines = src.split(/(?<=\n)/);
    const T = lines.map((line) => line.replace('\n', ''));
    const n = T.length;
    const blank = (k: number) => BLANK.test(T[k]!);
    const out: Block[] = [];
    for (let i = 0; i < n; ) {
      const line = T[i]!;
      let j = i + 1;
      let m: RegExpExecArray | null;
      let token: Block;
      if (BLANK.test(line)) {
        while (j < n && blank(j)) j++;
        token = { type: 'space', raw: '' };
      } else if (INDENTED.test(line)) {
        // Indented code goes on over blank lines, up to its last indented line.
        for (let k = j; k < n && (blank(k) || INDENTED.test(T[k]!)); k++) if (!blank(k)) j = k + 1;
        const text = T.slice(i, j).map((l) => l.replace(/^(?: {1,4}|\t)/, '')).join('\n');
        token = { type: 'code', raw: '', lang: '', text, indented: true };
      } else if ((m = FENCE.exec(line))) {
        const [, indent, fence, info] = m as unknown as string[];
        const close = new RegExp(`^ {0,3}${fence![0]}{${fence!.length},}[ \\t]*$`);
        while (j < n && !close.test(T[j]!)) j++;
        // Content lines lose as much indentation as the fence had; an unclosed fence runs to the end.
        const text = T.slice(i + 1, j).map((l) => l.slice(Math.min(indent!.length, l.search(/\S|$/)))).join('\n');
        if (j < n) j++;
        token = { type: 'code', raw: '', lang: info!.trim(), text };
      } else if ((m = HEADING.exec(line))) {
        const text = (m[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
        token = { type: 'heading', raw: '', depth: m[1]!.length, tokens: inline(text) };
      } else if (HR.test(line)) {
        token = { type: 'hr', raw: '' };
      } else if (QUOTE.test(line)) {
        const inner: string[] = [];
        for (j = i; j < n; j++) {
          const l = T[j]!;
          if ((m = QUOTE.exec(l))) inner.push(l.slice(m[0].length));
          // A lazy line: paragraph text that goes on without its `>`.
          else if (!blank(j) && !BLANK.test(inner[inner.length - 1]!) && !interrupts(l, T[j + 1])) inner.push(l);
          else break;
        }
        token = { type: 'blockquote', raw: '', tokens: blocks(inner.join('\n')) };
      } else if ((m = ITEM.exec(line))) {
        const kind = m[2] ?? m[4];
        const ordered = !!m[3];
        const start = ordered ? +m[3]! : 1;
        const items: ListItem[] = [];
        let loose = false;
        for (let k = i; ; ) {
          const width = m[1]!.length;
          const spaces = m[5]?.length ?? 0;
          const rest = m[6] ?? '';
          // Content starts after the marker and its spaces; five or more make indented code after one.
          const indent = rest && spaces <= 4 ? width + spaces : width + 1;
          const body = [rest && ' '.repeat(spaces > 4 ? spaces - 1 : 0) + rest];
          for (j = k + 1; j < n; j++) {
            const l = T[j]!;
            if (blank(j)) body.push('');
            else if (l.search(/\S/) >= indent) body.push(l.slice(indent));
            else if (!blank(j - 1) && !ITEM.test(l) && !interrupts(l, T[j + 1])) body.push(l);
            else break;
          }
          while (j > k + 1 && blank(j - 1)) j--, body.pop();
          let text = body.join('\n');
          const task = TASK.exec(text);
          if (task) text = text.slice(task[0].length);
          const tokens = blocks(text);
          if (task) {
            const box: Checkbox = { type: 'checkbox', checked: task[1] != ' ' };
            const first = tokens[0];
            if (first?.type == 'paragraph') first.tokens.unshift(box);
            else tokens.unshift({ type: 'text', raw: '', tokens: [box] });
          }
          items.push({ task: !!task, tokens });
          // Loose: blank lines between the item's own blocks, or between two items.
          if (tokens.some((t, x) => t.type == 'space' && x && x < tokens.length - 1)) loose = true;
          let b = j;
          while (b < n && blank(b)) b++;
          const next = b < n && !HR.test(T[b]!) ? ITEM.exec(T[b]!) : null;
          if (!next || (next[2] ?? next[4]) != kind) break;
          if (b > j) loose = true;
          k = b;
          m = next;
        }
        // A tight list shows its items' paragraphs without <p>.
        if (!loose)
          for (const item of items) item.tokens = item.tokens.map((t) => (t.type == 'paragraph' ? { ...t, type: 'text' } : t));
        token = { type: 'list', raw: '', ordered, start, loose, items };
      } else if (HTML.test(line)) {
        while (j < n && !blank(j)) j++;
        token = { type: 'html', raw: '' };
      } else if ((m = DEF.exec(line))) {
        const tag = normalizeLabel(m[1]!);
        const href = unescape(m[2]!.replace(/^<([^]*)>$/, '$1'));
        const title = m[3] && unescape(m[3].slice(1, -1));
        links[tag] ??= { href, title };
        token = { type: 'def', raw: '', tag, href, title };
      } else if (tableStart(line, T[j])) {
        const align = cells(T[j]!).map(alignOf);
        for (j++; j < n && !blank(j) && !interrupts(T[j]!); ) j++;
        const row = (l: string) => {
          const c = cells(l);
          return align.map((_, x) => inline(c[x] ?? ''));
        };
        token = { type: 'table', raw: '', align, header: row(line), rows: T.slice(i + 2, j).map(row) };
      } else {
        let depth = 0;
        for (; j < n && !blank(j); j++) {
          if ((m = SETEXT.exec(T[j]!))) {
            depth = m[1]![0] == '=' ? 1 : 2;
            break;
          }
          if (interrupts(T[j]!, T[j + 1])) break;
        }
        // Trailing spaces stay: while a reply streams, the caret after them shows where the next word goes.
        const tokens = inline(T.slice(i, j).join('\n').trimStart());
        token = depth ? (j++, { type: 'heading', raw: '', depth, tokens }) : { type: 'paragraph', raw: '', tokens };
      }
      token.raw = lines.slice(i, j).join('');
      out.push(token);
      i = j;
    }
    return out;
  }
}
