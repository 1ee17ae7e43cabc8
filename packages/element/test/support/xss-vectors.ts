// Text that tries to run script or inject markup, for every place model- or user-supplied text is shown:
// assistant markdown, tool results, user text, mention labels. Each vector that manages to run calls
// `window.__xss++` (or alert/confirm/prompt/print, which a test replaces with a spy that does the same).
//
//   import { XSS_VECTORS, armXssSpy, xssCount } from './support/xss-vectors.js';
//   armXssSpy();                 // window.__xss = 0, alert & co. count instead of blocking
//   … render each vector.text, click links …
//   expect(xssCount()).to.equal(0);
//   expect(unsafeMarkup(part.shadowRoot!)).to.deep.equal([]);

export interface XssVector {
  name: string;
  text: string;
}

const RUN = 'window.__xss++';

export const XSS_VECTORS: readonly XssVector[] = [
  // Raw HTML elements
  { name: 'script tag', text: `<script>${RUN}</script>` },
  { name: 'script tag, upper case', text: `<SCRIPT>${RUN}</SCRIPT>` },
  { name: 'script with src', text: `<script src="data:text/javascript,${RUN}"></script>` },
  { name: 'script in a paragraph', text: `Hello <script>${RUN}</script> world` },
  { name: 'img onerror', text: `<img src=x onerror="${RUN}">` },
  { name: 'img onerror, no quotes', text: `<img src=x onerror=${RUN}>` },
  { name: 'img onerror inline in text', text: `Look: <img src="/nope.png" onerror='${RUN}'> done` },
  { name: 'svg onload', text: `<svg onload="${RUN}"></svg>` },
  { name: 'svg with script', text: `<svg><script>${RUN}</script></svg>` },
  { name: 'svg animate href', text: `<svg><a><animate attributeName="href" values="javascript:${RUN}"/><text y="20">x</text></a></svg>` },
  { name: 'iframe javascript src', text: `<iframe src="javascript:${RUN}"></iframe>` },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<script>parent.__xss++</script>"></iframe>` },
  { name: 'object data', text: `<object data="javascript:${RUN}"></object>` },
  { name: 'embed src', text: `<embed src="javascript:${RUN}">` },
  { name: 'body onload', text: `<body onload="${RUN}">` },
  { name: 'details ontoggle', text: `<details open ontoggle="${RUN}"><summary>x</summary></details>` },
  { name: 'div onmouseover', text: `<div onmouseover="${RUN}">hover</div>` },
  { name: 'input autofocus onfocus', text: `<input autofocus onfocus="${RUN}">` },
  { name: 'video source onerror', text: `<video><source onerror="${RUN}"></video>` },
  { name: 'audio onerror', text: `<audio src=x onerror="${RUN}"></audio>` },
  { name: 'marquee onstart', text: `<marquee onstart="${RUN}">x</marquee>` },
  { name: 'form action javascript', text: `<form action="javascript:${RUN}"><button>go</button></form>` },
  { name: 'button formaction', text: `<button formaction="javascript:${RUN}">x</button>` },
  { name: 'meta refresh', text: `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">` },
  { name: 'base href', text: `<base href="javascript:${RUN}//">` },
  { name: 'link import', text: `<link rel="import" href="data:text/html,<script>${RUN}</script>">` },
  { name: 'style expression (CSS)', text: `<div style="width: expression(${RUN})">x</div>` },
  { name: 'style tag with url javascript', text: `<style>body{background:url("javascript:${RUN}")}</style>` },
  { name: 'malformed unclosed img', text: `<img src=x onerror=${RUN} ` },
  { name: 'malformed nested quotes', text: `<img """><script>${RUN}</script>">` },
  { name: 'unclosed script', text: `<script>${RUN}` },
  { name: 'tag split by newline', text: `<img\nsrc=x\nonerror=${RUN}>` },
  { name: 'HTML block with markdown inside', text: `<div>\n\n*md* <img src=x onerror=${RUN}>\n\n</div>` },
  { name: 'html comment trick', text: `<!--<img src="--><img src=x onerror=${RUN}//">` },
  { name: 'CDATA trick', text: `<![CDATA[<script>${RUN}</script>]]>` },
  { name: 'anchor tag with javascript href', text: `<a href="javascript:${RUN}">click</a>` },
  // Markdown links and images
  { name: 'md link javascript', text: `[x](javascript:${RUN})` },
  { name: 'md link javascript, mixed case', text: `[x](JaVaScRiPt:${RUN})` },
  { name: 'md link javascript in angle brackets', text: `[x](<javascript:${RUN}>)` },
  { name: 'md link javascript with title', text: `[x](javascript:${RUN} "title")` },
  { name: 'md link decimal entity colon', text: `[x](javascript&#58;${RUN})` },
  { name: 'md link hex entity colon', text: `[x](javascript&#x3A;${RUN})` },
  { name: 'md link named entity colon', text: `[x](javascript&colon;${RUN})` },
  { name: 'md link entity-encoded scheme', text: `[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN})` },
  { name: 'md link tab inside scheme', text: `[x](java\tscript:${RUN})` },
  { name: 'md link &Tab; inside scheme', text: `[x](java&Tab;script:${RUN})` },
  { name: 'md link newline entity inside scheme', text: `[x](java&NewLine;script:${RUN})` },
  { name: 'md link leading space entity', text: `[x](&#32;javascript:${RUN})` },
  { name: 'md link NUL entity', text: `[x](java&#0;script:${RUN})` },
  { name: 'md link vbscript', text: `[x](vbscript:msgbox(1))` },
  { name: 'md link data html', text: `[x](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MrKzwvc2NyaXB0Pg==)` },
  { name: 'md link data, upper case', text: `[x](DATA:text/html,<script>${RUN}</script>)` },
  { name: 'md link file scheme', text: `[x](file:///etc/passwd)` },
  { name: 'md reference link javascript', text: `[click][evil]\n\n[evil]: javascript:${RUN}` },
  { name: 'md reference link, definition first', text: `[evil]: javascript:${RUN} "t"\n\n[click][evil] and [evil]` },
  { name: 'md autolink javascript', text: `<javascript:${RUN}>` },
  { name: 'md autolink data', text: `<data:text/html,<script>${RUN}</script>>` },
  { name: 'md email autolink with script', text: `<x@y.z"><script>${RUN}</script>>` },
  { name: 'md image javascript', text: `![x](javascript:${RUN})` },
  { name: 'md image onerror in alt', text: `![x" onerror="${RUN}](https://example.invalid/x.png)` },
  { name: 'md image with quotes in src', text: `![x](https://example.invalid/"onerror="${RUN})` },
  { name: 'md link text with html', text: `[<img src=x onerror=${RUN}>](https://example.com)` },
  { name: 'md link title breaking out', text: `[x](https://example.com "a\\" onmouseover=\\"${RUN}")` },
  { name: 'md link href breaking out', text: `[x](https://example.com/"onclick="${RUN})` },
  { name: 'md nested link in link', text: `[[x](javascript:${RUN})](https://example.com)` },
  { name: 'html inside code span', text: `\`<script>${RUN}</script>\` and \`<img src=x onerror=${RUN}>\`` },
  { name: 'html inside fenced code', text: `\`\`\`html\n<script>${RUN}</script>\n<img src=x onerror=${RUN}>\n\`\`\`` },
  { name: 'html in table cell', text: `| a | b |\n|---|---|\n| <img src=x onerror=${RUN}> | [x](javascript:${RUN}) |` },
  { name: 'html in heading and list', text: `# <svg onload=${RUN}>\n\n- <script>${RUN}</script>\n- [x](javascript:${RUN})` },
  { name: 'html in blockquote', text: `> <iframe src="javascript:${RUN}"></iframe>` },
  { name: 'reference chip with html', text: `[[F-1]]<img src=x onerror=${RUN}>[F-2]` },
  // Entities and escapes
  { name: 'entity-escaped script tag', text: `&lt;script&gt;${RUN}&lt;/script&gt;` },
  { name: 'numeric entity script tag', text: `&#60;script&#62;${RUN}&#60;/script&#62;` },
  { name: 'backslash-escaped tag', text: `\\<script>${RUN}\\</script>` },
  // Strings that look like templates or Lit's own markers
  { name: 'template literal', text: '`${' + RUN + '}` and ${' + RUN + '}' },
  { name: 'Lit marker comment', text: `<!--?lit$123456789$-->x<img src=x onerror=${RUN}>` },
  { name: 'Lit marker attribute', text: `lit$123456789$ <div lit$123456789$="${RUN}">x</div>` },
  { name: 'Lit marker in link', text: `[lit$123456789$](lit$123456789$:${RUN})` },
  { name: 'mustache', text: `{{constructor.constructor('${RUN}')()}}` },
  { name: 'unicode escapes', text: `\\u003cscript\\u003e${RUN}\\u003c/script\\u003e` },
];

declare global {
  interface Window {
    __xss: number;
  }
}

/** Resets the counter and turns the dialogs a vector may call into counting spies. */
export function armXssSpy(): void {
  window.__xss = 0;
  const count = () => {
    window.__xss++;
    return null;
  };
  window.alert = count;
  window.confirm = () => (count(), false);
  window.prompt = count;
  window.print = count;
}

export function xssCount(): number {
  return window.__xss;
}

/** Every element rendered assistant markdown may contain. Anything else came from the text. */
export const MARKDOWN_TAGS: ReadonlySet<string> = new Set([
  'p', 'strong', 'em', 'code', 'pre', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'br', 'del', 'button', 'span', 'div',
  // A task list item's box: a disabled checkbox.
  'input',
]);
export const MARKDOWN_ATTRIBUTES: ReadonlySet<string> = new Set([
  'class', 'part', 'href', 'title', 'target', 'rel', 'type', 'aria-live', 'aria-label', 'role', 'start',
  'data-reference', 'data-state', 'data-copied', 'data-failed', 'data-label', 'src', 'alt', 'loading', 'referrerpolicy',
  // A task box's state; a table column's alignment; display math; the language a code block was highlighted in.
  'disabled', 'checked', 'align', 'data-display', 'data-highlighted',
]);
export const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

export interface MarkupRules {
  /** Also allow <img> (assistant markdown with allowImages). */
  allowImages?: boolean;
  tags?: ReadonlySet<string>;
  attributes?: ReadonlySet<string>;
}

/**
 * What is wrong with the elements under `root`, as readable strings (empty when all is well): a tag or an
 * attribute outside the allow-lists, any on* attribute, an href/src whose scheme is not http(s)/mailto
 * (relative URLs are fine), a shadow root that text created. <style> is skipped: components bring their own.
 */
export function unsafeMarkup(root: ParentNode, rules: MarkupRules = {}): string[] {
  const tags = new Set(rules.tags ?? MARKDOWN_TAGS);
  if (rules.allowImages) tags.add('img');
  const attributes = rules.attributes ?? MARKDOWN_ATTRIBUTES;
  const found: string[] = [];
  for (const node of Array.from(root.querySelectorAll('*'))) {
    const tag = node.localName;
    if (tag === 'style') continue;
    if (!tags.has(tag)) found.push(`<${tag}> element`);
    for (const attribute of Array.from(node.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${name} on <${tag}>`);
      else if (!attributes.has(name)) found.push(`${name} attribute on <${tag}>`);
    }
    for (const name of ['href', 'src']) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      const url = new URL(value, location.href);
      if (!SAFE_SCHEMES.has(url.protocol) || (name === 'src' && url.protocol === 'mailto:')) {
        found.push(`${name}="${value}" on <${tag}>`);
      }
    }
    if (node.shadowRoot) found.push(`shadow root on <${tag}>`);
  }
  return found;
}
