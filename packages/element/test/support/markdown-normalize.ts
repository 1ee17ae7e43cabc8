// Markdown's DOM as one comparable string, for the conformance tests: what the element renders and what a spec
// (or our corpus) expects go through the same steps, so that only differences a reader would see remain.
//
// Serialisation follows the CommonMark spec's own normalizer (test/normalize.py in commonmark/commonmark-spec):
// runs of whitespace outside <pre> become one space, whitespace next to a block-level tag is dropped, a newline
// right after <br> is dropped, attributes are sorted, character references are decoded (we walk a parsed DOM, so
// `&copy;` and `©` are the same text; only `&`, `<`, `>` and `"` are escaped again). Then, on top of it, what our
// renderer adds on purpose is taken out first (see `DECORATIONS` and `simplify`), each for the reason given there.

export interface NormalizeOptions {
  /**
   * The expected HTML's soft line breaks (a newline inside a paragraph, a heading, a cell) become `<br>`: set when
   * the renderer shows a newline in chat text as a line break, which CommonMark allows a renderer to do ("A
   * renderer may also provide an option to render soft line breaks as hard line breaks", spec, Soft line breaks).
   * Without it every multi-line paragraph would count as a failure for a choice the spec itself permits.
   */
  softBreaksAsBr?: boolean;
  /**
   * Item reference chips (`[F-1]` as a button): `text` for the specs, which know no chips (the chip counts as the
   * `[F-1]` that was typed); `tag` for our corpus, where a chip is expected and written `<ref>F-1</ref>`.
   */
  references?: 'text' | 'tag';
}

/** Block-level tags, from the spec's normalizer: whitespace beside them is formatting, not content. */
const BLOCK_TAGS = new Set([
  'article', 'header', 'aside', 'hgroup', 'blockquote', 'hr', 'iframe', 'body', 'li', 'map', 'button', 'object',
  'canvas', 'ol', 'caption', 'output', 'col', 'p', 'colgroup', 'pre', 'dd', 'progress', 'div', 'section', 'dl',
  'table', 'td', 'dt', 'tbody', 'embed', 'textarea', 'fieldset', 'tfoot', 'figcaption', 'th', 'figure', 'thead',
  'footer', 'tr', 'form', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'video', 'script', 'style',
]);

const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The attributes that carry markdown's meaning. Everything else is ours and dropped: `class` (styling hooks),
 * `target`/`rel` on links (every link opens in a new tab, without the opener), `loading`/`referrerpolicy` on images,
 * `part`, `role`, `aria-*`, `data-*`, `id`, and a task box's `disabled` (the spec's output has it, ours may not:
 * neither lets the reader tick the box). Kept: what a reader sees or follows.
 */
const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'start', 'align', 'type', 'checked']);

/** A class that means something to compare: clear math (issue #19, point 4) renders as `<span class="math">`. */
const KEPT_CLASSES = new Set(['math']);

/**
 * What our renderer draws that is not markdown's content, removed before comparing: the caret that follows a
 * streaming reply (`.trailer`, `.caret`), a code block's toolbar (its language label and the copy button).
 */
const DECORATIONS = ['.trailer', '.caret', '[part~="copy"]', '.code-bar', '.code-lang', '.code-toolbar'].join(', ');

/** A reference chip, as references.ts renders it. */
const CHIP = 'button[part~="reference"], button.reference';

/** A task list item's box, as the spec writes it (`<input type="checkbox">`) or as we may draw it (a span). */
const CHECKBOX = 'input[type="checkbox"], [role="checkbox"], .checkbox';

/** Stands for a soft line break until the end, so that trimming next to block tags removes it like whitespace. */
const SOFT_BREAK = '\uE000';

/** The normalized form of a rendered DOM (its children; `root` itself is not part of it). */
export function normalizeRendered(root: ParentNode, options: NormalizeOptions = {}): string {
  const copy = document.createDocumentFragment();
  for (const child of Array.from(root.childNodes)) copy.append(child.cloneNode(true));
  simplify(copy, options);
  return serialize(copy, false);
}

/** The normalized form of an HTML string (a spec's expected output, or our corpus's). */
export function normalizeExpected(html: string, options: NormalizeOptions = {}): string {
  // A template's content is inert: nothing in it loads or runs.
  const template = document.createElement('template');
  template.innerHTML = html;
  simplify(template.content, options);
  return serialize(template.content, options.softBreaksAsBr ?? false);
}

/**
 * The letters and digits a reader can read in a DOM (its text and its images' descriptions), for the "no lost
 * text" check: punctuation does not count, since markdown's own (`*`, `[`, a backslash) is shown or not by design.
 */
export function readableCharacters(root: ParentNode): string[] {
  const copy = document.createDocumentFragment();
  for (const child of Array.from(root.childNodes)) copy.append(child.cloneNode(true));
  simplify(copy, { references: 'text' });
  const parts: string[] = [];
  const read = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.nodeValue ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) {
        parts.push(' ', shownBefore(child as Element), ' ');
        read(child);
        parts.push(' ');
      }
    }
  };
  read(copy);
  return parts.join('').match(/[\p{L}\p{N}]/gu) ?? [];
}

/** What an element shows that is not its text: an image's description, an ordered list item's number. */
function shownBefore(el: Element): string {
  if (el.localName === 'img') return el.getAttribute('alt') ?? '';
  const list = el.parentElement;
  if (el.localName !== 'li' || list?.localName !== 'ol') return '';
  const start = Number(list.getAttribute('start') ?? 1);
  return String((Number.isFinite(start) ? start : 1) + Array.from(list.children).indexOf(el));
}

/** The readable letters and digits of an HTML string. */
export function expectedCharacters(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return readableCharacters(template.content);
}

/** Takes out what the renderer adds on purpose and brings equivalent forms to one form. Mutates `root`. */
function simplify(root: DocumentFragment, options: NormalizeOptions): void {
  for (const node of Array.from(root.querySelectorAll(DECORATIONS))) node.remove();

  for (const chip of Array.from(root.querySelectorAll(CHIP))) {
    const id = chip.textContent ?? '';
    if (options.references === 'tag') {
      const ref = document.createElement('ref');
      ref.textContent = id;
      chip.replaceWith(ref);
    } else {
      chip.replaceWith(`[${id}]`);
    }
  }

  for (const box of Array.from(root.querySelectorAll(CHECKBOX))) {
    const input = document.createElement('input');
    input.setAttribute('type', 'checkbox');
    if (isChecked(box)) input.setAttribute('checked', '');
    box.replaceWith(input);
    // The gap after the box: a space in the spec's output, a margin (or a space) in ours.
    const next = input.nextSibling;
    if (next?.nodeType === Node.TEXT_NODE) next.nodeValue = ` ${(next.nodeValue ?? '').replace(/^\s+/, '')}`;
  }

  // A <div> or <span> is never CommonMark's output (raw HTML is left out of the comparison): ours wrap a table (to
  // scroll it), a code block (with its toolbar), highlighted code's tokens. Only the wrapped content counts.
  for (const wrapper of Array.from(root.querySelectorAll('div, span')).reverse()) {
    if (wrapper.localName === 'span' && keptClasses(wrapper)) continue;
    wrapper.replaceWith(...Array.from(wrapper.childNodes));
  }

  root.normalize();
  // A trailing newline at the end of a code block is not seen (the spec's output has it, a renderer may not).
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const last = lastText(pre);
    if (last?.nodeValue?.endsWith('\n')) last.nodeValue = last.nodeValue.slice(0, -1);
  }
}

function isChecked(box: Element): boolean {
  if (box instanceof HTMLInputElement) return box.checked || box.hasAttribute('checked');
  if (box.getAttribute('aria-checked') === 'true') return true;
  return /[☑✓✔xX]/.test(box.textContent ?? '');
}

function keptClasses(el: Element): string {
  return Array.from(el.classList).filter((name) => KEPT_CLASSES.has(name)).sort().join(' ');
}

function lastText(node: Node): Text | undefined {
  for (let child = node.lastChild; child; child = child.previousSibling) {
    if (child.nodeType === Node.TEXT_NODE) return child as Text;
    if (child.nodeType === Node.ELEMENT_NODE) return lastText(child);
  }
  return undefined;
}

/** One attribute list, as the normalizer compares it: kept attributes only, sorted, values brought to one form. */
function attributes(el: Element): [string, string][] {
  const list: [string, string][] = [];
  for (const { name, value } of Array.from(el.attributes)) {
    if (!KEPT_ATTRIBUTES.has(name)) continue;
    // `start="1"` is the default: the same list as no start at all.
    if (name === 'start' && el.localName === 'ol' && Number(value) === 1) continue;
    list.push([name, name === 'href' || name === 'src' ? sameUrl(value) : value]);
  }
  // A column's alignment as an inline style (`text-align: center`) means what `align="center"` means.
  const align = (el as HTMLElement).style?.textAlign;
  if (align && !el.hasAttribute('align')) list.push(['align', align]);
  const classes = keptClasses(el);
  if (classes) list.push(['class', classes]);
  return list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A URL percent-encoded one way: `/föö` and `/f%C3%B6%C3%B6` are the same address to the browser (the spec allows
 * a renderer either; its own normalizer meant to do this too).
 */
function sameUrl(url: string): string {
  const decoded = url.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return encodeURI(decoded);
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const trimStart = (text: string) => text.replace(/^[\s\uE000]+/, '');
const trimEnd = (text: string) => text.replace(/[\s\uE000]+$/, '');

/** The spec normalizer's walk, over DOM nodes instead of parser events. */
function serialize(root: Node, softBreaks: boolean): string {
  let out = '';
  let last: 'start' | 'end' | 'data' = 'start';
  let lastTag = '';
  let inPre = false;

  const data = (raw: string) => {
    let text = raw;
    const afterTag = last !== 'data';
    if (afterTag && lastTag === 'br') text = text.replace(/^\n+/, '');
    if (!inPre) {
      if (softBreaks) text = text.replace(/[ \t]*\n[ \t]*/g, SOFT_BREAK);
      text = text.replace(/\s+/g, ' ');
      if (afterTag && BLOCK_TAGS.has(lastTag)) text = last === 'start' ? trimStart(text) : trimStart(trimEnd(text));
    }
    out += escapeText(text);
    last = 'data';
  };

  const element = (el: Element) => {
    const tag = el.localName;
    if (tag === 'pre') inPre = true;
    if (BLOCK_TAGS.has(tag)) out = trimEnd(out);
    out += `<${tag}${attributes(el).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`;
    lastTag = tag;
    if (VOID_TAGS.has(tag)) {
      last = 'end';
      return;
    }
    last = 'start';
    children(el);
    if (tag === 'pre') inPre = false;
    else if (BLOCK_TAGS.has(tag)) out = trimEnd(out);
    out += `</${tag}>`;
    lastTag = tag;
    last = 'end';
  };

  const children = (node: Node) => {
    // Consecutive text nodes (Lit splits text at its marker comments) are one run of text, as in the HTML.
    let text: string | undefined;
    const flush = () => {
      if (text !== undefined) data(text);
      text = undefined;
    };
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) text = (text ?? '') + (child.nodeValue ?? '');
      else if (child.nodeType === Node.ELEMENT_NODE) {
        flush();
        element(child as Element);
      }
      // Comments (Lit's markers) are not content.
    }
    flush();
  };

  children(root);
  return out.trim().replaceAll(SOFT_BREAK, '<br>');
}
