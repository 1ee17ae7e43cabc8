import { expect, fixture, html } from '@open-wc/testing';
import { MessageBubble } from '../src/features/message-list/message-bubble.js';
import type { ReferenceDetail } from '../src/ui/markdown/references.js';
import { nextEvent } from './support/wait.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

/** An assistant bubble showing `text`, finished (not streaming). */
async function assistant(text: string, allowImages = false): Promise<MessageBubble> {
  const el = await fixture<MessageBubble>(
    html`<agent-chat-message sender="assistant" .text=${text} ?allow-images=${allowImages}></agent-chat-message>`,
  );
  await el.updateComplete;
  return el;
}

const root = (el: MessageBubble) => el.shadowRoot!.querySelector('.bubble')!;
const $ = (el: MessageBubble, selector: string) => root(el).querySelector(selector);
const $$ = (el: MessageBubble, selector: string) => Array.from(root(el).querySelectorAll(selector));
const text = (node: Element | null) => ((node as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').trim();

describe('markdown in assistant bubbles', () => {
  it('renders headings, paragraphs, emphasis, inline code, strikethrough, rules and line breaks', async () => {
    const el = await assistant(
      '# Title\n\n## Sub\n\n###### Small\n\nSome **bold**, *em*, `a < b` and ~~gone~~.\nNext line\n\n---\n\nend',
    );
    expect(text($(el, 'h1'))).to.equal('Title');
    expect(text($(el, 'h2'))).to.equal('Sub');
    expect(text($(el, 'h6'))).to.equal('Small');
    expect(text($(el, 'strong'))).to.equal('bold');
    expect(text($(el, 'em'))).to.equal('em');
    expect(text($(el, 'p > code'))).to.equal('a < b');
    expect(text($(el, 'del'))).to.equal('gone');
    expect($$(el, 'p br')).to.have.length(0, 'a single newline is a soft break (CommonMark)…');
    expect(($$(el, 'p')[0] as HTMLElement).innerText).to.contain('.\nNext line', '…shown as a new line in chat text');
    expect($$(el, 'hr')).to.have.length(1);
  });

  it('renders nested, ordered and task lists', async () => {
    const el = await assistant('3. three\n4. four\n   - inner a\n   - inner b\n     1. deep\n\n- [ ] todo\n- [x] done\n');
    const ol = $(el, 'ol')!;
    expect(ol.getAttribute('start')).to.equal('3');
    expect(ol.querySelectorAll(':scope > li')).to.have.length(2);
    expect(text(ol.querySelector('li ul li'))).to.match(/^inner a/);
    expect(text(ol.querySelector('li ul li ol li'))).to.equal('deep');
    const tasks = $$(el, 'li.task');
    expect(tasks.map((li) => text(li))).to.deep.equal(['todo', 'done']);
    const boxes = tasks.map((li) => li.querySelector('input[type=checkbox]') as HTMLInputElement);
    expect(boxes.map((box) => [box.checked, box.disabled])).to.deep.equal([[false, true], [true, true]]);
    expect(tasks.map((li) => getComputedStyle(li).listStyleType)).to.deep.equal(['none', 'none'], 'no bullet');
  });

  it('renders tables (the first row as the header) and blockquotes', async () => {
    const el = await assistant('| a | b |\n| :-- | --: |\n| 1 | **2** |\n| 3 | 4 |\n\n> quoted\n> more');
    expect($$(el, 'th').map(text)).to.deep.equal(['a', 'b']);
    expect($$(el, 'td').map(text)).to.deep.equal(['1', '2', '3', '4']);
    expect($$(el, 'tr')).to.have.length(3);
    expect($(el, 'td strong')).to.not.equal(null);
    expect(text($(el, 'blockquote'))).to.equal('quoted more');
    const wrap = $(el, '.table-wrap')!;
    expect(getComputedStyle(wrap).overflowX).to.equal('auto');
    expect(getComputedStyle($(el, 'td')!).borderTopStyle).to.equal('solid');
  });

  it('renders code blocks in a mono font with horizontal scroll and a copy button that says Copied', async () => {
    const code = 'const x = "<b>&amp;</b>";\n' + 'y'.repeat(400);
    const el = await assistant('```ts\n' + code + '\n```');
    const pre = $(el, 'pre')!;
    expect(pre.querySelector('code')!.textContent).to.equal(`${code}\n`, 'as CommonMark writes it');
    expect(pre.querySelector('code')!.className).to.equal('language-ts');
    expect(getComputedStyle(pre).overflowX).to.equal('auto');
    expect(getComputedStyle(pre.querySelector('code')!).fontFamily).to.match(/mono|Menlo|Consolas/i);
    expect(pre.scrollWidth).to.be.greaterThan(pre.clientWidth, 'a long line scrolls instead of widening the bubble');
    expect(text($(el, '.code-lang'))).to.equal('ts');

    let copied: string | undefined;
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (value: string) => ((copied = value), Promise.resolve()) },
    });
    try {
      const button = $(el, 'button[part="copy"]') as HTMLButtonElement;
      expect(text(button)).to.equal('Copy');
      button.click();
      await new Promise((resolve) => setTimeout(resolve));
      expect(copied).to.equal(code);
      expect(text(button)).to.equal('Copied');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original) expect(navigator.clipboard).to.not.equal(undefined);
    }
  });

  it('opens allowed links in a new tab and shows other links as their text', async () => {
    const el = await assistant(
      '[web](https://example.com/a?b=1&c=2) [mail](mailto:a@b.c) [rel](/docs/x) [titled](https://t.example "T") ' +
        'bare https://bare.example/x. (see https://paren.example/y)\n\n' +
        '[js](javascript:alert(1)) [data](data:text/html,x) [vb](vbscript:x) [angle](<javascript:x>)',
    );
    const links = $$(el, 'a');
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/a?b=1&c=2',
      'mailto:a@b.c',
      '/docs/x',
      'https://t.example',
      'https://bare.example/x',
      'https://paren.example/y',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).to.equal('_blank');
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    }
    expect(text($$(el, 'p')[0]!)).to.contain('bare https://bare.example/x. (see https://paren.example/y)');
    expect(text($$(el, 'p')[1]!)).to.equal('js data vb angle');
  });

  it('shows raw HTML as the text it is, and decodes character references', async () => {
    const el = await assistant('Hi <b>there</b> &amp; &copy; &#35; &MadeUp;\n\n<div class="x">\nblock\n</div>\n\nline<br>break');
    expect($$(el, 'b, div.x')).to.have.length(0);
    expect(text($$(el, 'p')[0]!)).to.equal('Hi <b>there</b> & © # &MadeUp;');
    expect(text($$(el, 'p')[1]!)).to.equal('<div class="x"> block </div>');
    expect($$(el, 'p')[2]!.querySelectorAll('br')).to.have.length(1, '<br> is the one tag read: a line break');
  });

  it('keeps underscores inside words, and shows clear math as its source', async () => {
    const el = await assistant('Call snake_case_name or file_name_v2.py, _this_ is em and __this__ strong; $x^2$ and \\(y\\), not $HOME and $PATH or $5 and $10.');
    expect(text($(el, 'p'))).to.equal('Call snake_case_name or file_name_v2.py, this is em and this strong; x^2 and (y), not $HOME and $PATH or $5 and $10.');
    expect($$(el, 'em').map(text)).to.deep.equal(['this']);
    expect($$(el, 'strong').map(text)).to.deep.equal(['this']);
    expect($$(el, '.math').map(text)).to.deep.equal(['x^2']);
    expect($$(el, 'code')).to.have.length(0);
  });

  it('shows images as their alt text unless allowed, and then only over http(s) or relative', async () => {
    const source = '![a cat](https://example.invalid/cat.png) ![local](/x.png) ![bad](javascript:alert`1`)';
    const plain = await assistant(source);
    expect($$(plain, 'img')).to.have.length(0);
    expect(text($(plain, 'p'))).to.equal('a cat local bad');

    const allowed = await assistant(source, true);
    const images = $$(allowed, 'img');
    expect(images.map((img) => img.getAttribute('src'))).to.deep.equal(['https://example.invalid/cat.png', '/x.png']);
    expect(images[0]!.getAttribute('alt')).to.equal('a cat');
    expect(text($(allowed, 'p'))).to.equal('bad');
  });

  it('turns [[F-1]] and [F-1] into reference chips that fire agent-chat-reference', async () => {
    const el = await assistant(
      'See [[F-1]], [BUG-204] and [T-3](https://example.com) or [D-9]; not `[F-2]`, \\[F-3], [f-4], [F5], [[G-6] or [H-7.',
    );
    const chips = $$(el, 'button[part="reference"]') as HTMLButtonElement[];
    expect(chips.map((chip) => chip.textContent)).to.deep.equal(['F-1', 'BUG-204', 'D-9']);
    expect($$(el, 'a').map(text)).to.deep.equal(['T-3']);
    expect(text($(el, 'p'))).to.contain('[F-2]').and.contain('[F-3]').and.contain('[f-4]').and.contain('[F5]');
    expect(text($(el, 'p'))).to.contain('[[G-6] or [H-7.');

    const event = nextEvent<CustomEvent<ReferenceDetail>>(document, 'agent-chat-reference');
    chips[1]!.click();
    const fired = await event;
    expect(fired.detail).to.deep.equal({ id: 'BUG-204' });
    expect(fired.bubbles && fired.composed).to.equal(true);
  });

  it('keeps the user’s own text plain', async () => {
    const el = await fixture<MessageBubble>(
      html`<agent-chat-message sender="user" .text=${'**not bold** <b>x</b> [[F-1]]'}></agent-chat-message>`,
    );
    expect(root(el).children).to.have.length(0);
    expect(text(root(el))).to.equal('**not bold** <b>x</b> [[F-1]]');
  });
});
