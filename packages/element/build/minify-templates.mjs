// Minifies the static text of Lit's css``, html`` and svg`` templates while bundling. esbuild's minify leaves
// template literals alone (their text is data to it), and the element's indented templates were a large part
// of the script-tag bundle. Only the literal parts change: every `${}` expression and its position stays.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

/** Whitespace as CSS and HTML define it; `\s` would also take U+00A0, which is text. */
const SPACE = /[ \t\n\r\f]/;
const SPACE_RUNS = /[ \t\n\r\f]+/g;
const TAGS = new Set(['css', 'html', 'svg']);
/** Elements whose text content keeps its whitespace whatever the styles say. */
const RAW_TEXT = new Set(['pre', 'textarea', 'listing', 'plaintext', 'script']);

/**
 * A template's pieces (raw source text between its expressions) with their CSS comments dropped and
 * whitespace collapsed. Strings, escapes and a comment that spans an expression are copied as they are: a
 * comment dropped around an expression would turn the expression's value into live CSS.
 */
export function minifyCss(pieces) {
  let open = ''; // the quote or comment still open from the previous piece
  return pieces.map((piece, index) => {
    const parts = []; // [text, collapsible]
    let code = '';
    let i = 0;
    const copy = (end) => {
      parts.push([code, true], [piece.slice(i, end), false]);
      code = '';
      i = end;
    };
    if (open) {
      const end = closing(piece, 0, open);
      copy(end < 0 ? piece.length : end);
      if (end >= 0) open = '';
    }
    while (i < piece.length) {
      const char = piece[i];
      if (char === '\\') {
        // `\\` in the source is one CSS backslash, which escapes the next character of the CSS.
        const length = piece[i + 1] === '\\' ? 3 : 2;
        copy(Math.min(i + length, piece.length));
      } else if (char === '"' || char === "'") {
        const end = closing(piece, i + 1, char);
        if (end < 0) open = char;
        copy(end < 0 ? piece.length : end);
      } else if (piece.startsWith('/*', i)) {
        const end = piece.indexOf('*/', i + 2);
        if (end < 0) {
          open = '*/';
          copy(piece.length);
        } else {
          code += ' ';
          i = end + 2;
        }
      } else {
        code += char;
        i += 1;
      }
    }
    parts.push([code, true]);
    let text = parts
      .map(([part, collapsible]) =>
        collapsible
          ? part
              .replace(SPACE_RUNS, ' ')
              // Not before `:`: `.a :hover` and `.a:hover` are different selectors; after one it is a declaration's
              // or a media feature's space, which CSS does not need.
              .replace(/ ?([{};,>]) ?/g, '$1')
              .replace(/: /g, ':')
              .replace(/;}/g, '}')
          : part,
      )
      .join('');
    if (index === 0) text = text.replace(/^ /, '');
    if (index === pieces.length - 1) text = text.replace(/ $/, '');
    return text;
  });
}

/** Where a string or comment opened before `from` ends (just past its closing mark), or -1 if not in this text. */
function closing(text, from, mark) {
  if (mark === '*/') {
    const end = text.indexOf('*/', from);
    return end < 0 ? -1 : end + 2;
  }
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === mark) return i + 1;
  }
  return -1;
}

/**
 * A template's pieces with every whitespace run that holds a line break turned into one space, which renders
 * the same outside `white-space: pre*`; inside a tag any run becomes one space, and none is kept before `>`.
 * Quoted attribute values, comments and the content of <pre>/<textarea> are copied as they are. Elements
 * styled `white-space: pre*` can't be seen from here: their templates keep their content on one line.
 */
export function minifyHtml(pieces) {
  let state = 'text'; // text | tag | " | ' | comment | raw
  let tagName = '';
  let rawName = '';
  return pieces.map((piece) => {
    let out = '';
    let i = 0;
    while (i < piece.length) {
      const char = piece[i];
      if (char === '\\') {
        out += piece.slice(i, i + 2);
        i += 2;
      } else if (state === 'comment' || state === 'raw') {
        const mark = state === 'comment' ? '-->' : `</${rawName}`;
        const end = piece.toLowerCase().indexOf(mark, i);
        const stop = end < 0 ? piece.length : end + (state === 'comment' ? mark.length : 0);
        out += piece.slice(i, stop);
        i = stop;
        if (end >= 0) state = 'text';
      } else if (state === '"' || state === "'") {
        out += char;
        i += 1;
        if (char === state) state = 'tag';
      } else if (SPACE.test(char)) {
        let end = i;
        while (end < piece.length && SPACE.test(piece[end])) end += 1;
        const run = piece.slice(i, end);
        if (state === 'tag') out += piece[end] === '>' ? '' : ' ';
        else out += /[\n\r]/.test(run) ? ' ' : run;
        i = end;
      } else if (state === 'text' && piece.startsWith('<!--', i)) {
        state = 'comment';
        out += '<!--';
        i += 4;
      } else if (state === 'text' && char === '<' && /[a-zA-Z/]/.test(piece[i + 1] ?? '')) {
        const name = /^<\/?([a-zA-Z][\w-]*)/.exec(piece.slice(i));
        tagName = piece[i + 1] === '/' ? '' : (name?.[1] ?? '').toLowerCase();
        state = 'tag';
        out += char;
        i += 1;
      } else if (state === 'tag' && (char === '"' || char === "'")) {
        state = char;
        out += char;
        i += 1;
      } else if (state === 'tag' && char === '>') {
        state = RAW_TEXT.has(tagName) ? 'raw' : 'text';
        rawName = tagName;
        out += char;
        i += 1;
      } else {
        out += char;
        i += 1;
      }
    }
    return out;
  });
}

/** `source` with the literal parts of its css``, html`` and svg`` templates minified. */
export function minifyTemplates(source, fileName = 'input.ts') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits = []; // [start, end, text] of raw text between the template's delimiters
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && TAGS.has(node.tag.text)) {
      const template = node.template;
      const literals = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      // Each literal's text runs from after its opening mark (` or }) to before its closing one (` or ${).
      const ranges = literals.map((literal) => {
        const closesWithExpression = ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal);
        return [literal.getStart(file) + 1, literal.end - (closesWithExpression ? 2 : 1)];
      });
      const pieces = ranges.map(([start, end]) => source.slice(start, end));
      const minified = node.tag.text === 'css' ? minifyCss(pieces) : minifyHtml(pieces);
      ranges.forEach(([start, end], index) => edits.push([start, end, minified[index]]));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
    result = result.slice(0, start) + text + result.slice(end);
  }
  return result;
}

/** The esbuild plugin: the project's own TypeScript only; dependencies ship their templates as they are. */
export function minifyTemplatesPlugin() {
  return {
    name: 'minify-templates',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (/[\\/]node_modules[\\/]/.test(path)) return undefined;
        const source = await readFile(path, 'utf8');
        if (!/\b(css|html|svg)`/.test(source)) return undefined;
        return { contents: minifyTemplates(source, path), loader: 'ts' };
      });
    },
  };
}
