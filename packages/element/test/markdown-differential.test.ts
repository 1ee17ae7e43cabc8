import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { marked } from 'marked';
import { markdownCorpus } from '../bench/markdown-corpus.js';
import { lex } from '../src/markdown/markdown-lexer.js';
import { renderBlocks } from '../src/markdown/render-tokens.js';
import { CHAT_MARKDOWN } from './support/chat-markdown.js';

// marked (a devDependency, never in the bundle) is the oracle: for chat-style markdown, our lexer and renderer
// must give the structure marked's HTML has. Both DOMs are reduced to one canonical string that keeps what a
// reader sees (elements, text, link and image targets, alignment, list starts, code and its language) and drops
// what differs by design (our code-block wrapper and copy button, checkbox markup, reference chips, classes).
//
// Deliberate differences, so not in the corpus:
//  - `~one~` is not strikethrough (only `~~two~~`): models write `~5 min` for "about".
//  - `***x***` nests as <strong><em> rather than <em><strong>: the same to the eye.
//  - Raw HTML: marked passes it through; we show it as text.
//  - Entities beyond the few decode-entities.ts knows stay as written.
//  - HTML blocks end at a blank line whatever their kind (no special end for <pre>, <script>, comments).

const BLOCK_TAGS = 'p|ul|ol|li|h[1-6]|blockquote|table|thead|tbody|tr|th|td|hr|br|pre';

/** `[[F-1]]` and `[F-1]` in text, as our renderer turns them into chips. */
const chips = (text: string) => text.replace(/\[\[([A-Z]+-\d+)\]\]|\[([A-Z]+-\d+)\]/g, (_, a?: string, b?: string) => `⟦${a ?? b}⟧`);

/** Code as a token of its own, so collapsing whitespace elsewhere can't hide a difference inside it. */
const code = (lang: string, text: string) => `<pre ${lang}>${JSON.stringify(text.replace(/\n$/, '')).replace(/ /g, '·')}</pre>`;

function canonical(root: Node): string {
  let out = '';
  const walk = (node: Node, literal: boolean): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      out += literal ? node.textContent : chips(node.textContent ?? '');
      return;
    }
    if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return node.childNodes.forEach((child) => walk(child, literal));
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    const tag = el.localName;
    const children = (inLiteral: boolean) => el.childNodes.forEach((child) => walk(child, inLiteral));
    if (el.matches('.code-block')) return void (out += code(el.querySelector('.code-lang')!.textContent ?? '', el.querySelector('code')!.textContent ?? ''));
    if (tag === 'pre') {
      const inner = el.querySelector('code')!;
      return void (out += code(inner.className.replace('language-', ''), inner.textContent ?? ''));
    }
    if (el.matches('.checkbox')) return void (out += el.textContent === '☑' ? '[x] ' : '[ ] ');
    if (tag === 'input') return void (out += el.hasAttribute('checked') ? '[x] ' : '[ ] ');
    if (el.matches('.reference')) return void (out += `⟦${el.textContent}⟧`);
    if (tag === 'div' || tag === 'span' || tag === 'template') return children(literal);
    const attributes = ['href', 'title', 'src', 'alt', 'start']
      .filter((name) => el.hasAttribute(name))
      .map((name) => ` ${name}="${el.getAttribute(name)}"`);
    const align = el.getAttribute('align') ?? /align-(\w+)/.exec(el.className)?.[1];
    if (align) attributes.push(` align="${align}"`);
    out += `<${tag}${attributes.join('')}>`;
    children(literal || tag === 'code' || tag === 'a');
    out += `</${tag}>`;
  };
  walk(root, false);
  return out
    .replace(/\s+/g, ' ')
    .replace(new RegExp(` ?(</?(?:${BLOCK_TAGS})\\b[^>]*>) ?`, 'g'), '$1')
    .replace(/<br><\/br>/g, '<br>')
    .replace(/<hr><\/hr>/g, '<hr>')
    .trim();
}

function ours(text: string): string {
  const host = document.createElement('div');
  render(renderBlocks(lex(text, Object.create(null)), { allowImages: true }), host);
  return canonical(host);
}

function theirs(text: string): string {
  // A template's content is inert: nothing in it runs or loads.
  const template = document.createElement('template');
  template.innerHTML = marked.parse(text, { gfm: true, breaks: true, async: false });
  return canonical(template.content);
}

describe('markdown lexer against marked', () => {
  it(`renders the same structure as marked for ${CHAT_MARKDOWN.length} chat-style texts`, () => {
    const differences = CHAT_MARKDOWN.map((text) => ({ text, ours: ours(text), marked: theirs(text) })).filter(
      (result) => result.ours !== result.marked,
    );
    expect(differences).to.deep.equal([]);
  });

  it('renders the same structure as marked for the long benchmark reply', () => {
    const text = markdownCorpus(20_000);
    const mine = ours(text);
    const oracle = theirs(text);
    if (mine === oracle) return;
    // Show where they part, not 20 KB of text.
    let at = 0;
    while (mine[at] === oracle[at]) at++;
    expect(mine.slice(Math.max(0, at - 200), at + 200)).to.equal(oracle.slice(Math.max(0, at - 200), at + 200));
  });
});
