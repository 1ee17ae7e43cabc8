import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { chunks, markdownCorpus } from '../bench/markdown-corpus.js';
import { IncrementalMarkdown } from '../src/ui/markdown/incremental-markdown.js';
import { MessageBubble } from '../src/features/message-list/message-bubble.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

const OPTIONS = { allowImages: false };

function container(): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  return host;
}

/** The DOM as a person sees its structure: Lit's marker comments removed. */
function markup(host: Element): string {
  return host.innerHTML.replace(/<!--[\s\S]*?-->/g, '');
}

/** What the whole text renders to in one go. */
function wholeMarkup(text: string): string {
  const md = new IncrementalMarkdown(OPTIONS);
  md.update(text, true);
  const host = container();
  render(md.view(), host);
  const result = markup(host);
  host.remove();
  return result;
}

/** Streams `text` in pieces, rendering after every piece (the worst case: a frame per delta), then ends it. */
function stream(text: string, size: number, host = container()) {
  const md = new IncrementalMarkdown(OPTIONS);
  let sofar = '';
  for (const piece of chunks(text, size)) {
    sofar += piece;
    if (md.update(sofar, false)) render(md.view(), host);
  }
  if (md.update(text, true)) render(md.view(), host);
  return { md, host };
}

const TRICKY: Record<string, string> = {
  'a heading that becomes text': 'Para one\n#\n#x not a heading\n\nNext',
  'setext headings': 'Title\n===\n\nPara\n---\n\nafter',
  'a table that grows, then a lazy row': '| a | b |\n|---|---|\n| 1 | 2 |\nlazy row\n\nafter',
  'a paragraph that becomes a table header': 'Intro\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  'a list that continues after blank lines': '- a\n- b\n\n  continued b\n\n- c\n\nout\n\n1. one\n\n2. two\n\n10. ten\n',
  'lists of different markers': '* a\n+ b\n- c\n1. d\n2) e\n',
  'fences, closed, unclosed, tilde': '```\ncode\n```\nafter fence\n~~~\n```\n~~~\n```js\nunclosed',
  'quotes with lazy lines': '> quote\nlazy\n\n> second\n> > nested\n',
  'reference links defined after use': '[x][ref] and [y]\n\n[ref]: https://a.example "T"\n[y]: /rel\n\nagain [x][ref]',
  'html blocks and comments': '<div>\n*not md*\n</div>\n\n<!-- c\n\nstill comment -->\ntext',
  'indented code': '    indented code\n\n    more code\nnot code\n\n- item\n\n      code in item\n',
  'rules and emphasis': 'para\n***\n***x\n___\n\n**bold *and em***',
  'breaks and CRLF': 'a  \nb\\\nc\r\nd\re\r\n\r\nf',
  'references and escapes': 'Text [F-1] [[G-22]] [F-1](http://x) `[F-2]` \\[F-3] [T-9]: not a def',
  'headings': '# H1 #\n## H2\n###### H6\n####### not a heading\nTitle\n',
  'entities and autolinks': '&amp; &copy; &#x3C;b&#x3E; <https://a.example/x> www.b.example mail@c.example',
  'task lists': '- [ ] open\n- [x] done\n\n1. [ ] numbered\n',
};

describe('incremental markdown', () => {
  it('streams a 50 KB reply in 20-character pieces to the same DOM as rendering it whole, each finished block rendered once', async () => {
    const text = markdownCorpus(50_000);
    expect(text.length).to.be.greaterThan(50_000);
    const host = container();
    const md = new IncrementalMarkdown(OPTIONS);
    let sofar = '';
    let half: { nodes: Element[] } | undefined;
    const touched = new Set<Node>();
    const observer = new MutationObserver((records) => records.forEach((record) => touched.add(record.target)));
    for (const piece of chunks(text, 20)) {
      sofar += piece;
      if (md.update(sofar, false)) render(md.view(), host);
      if (!half && sofar.length >= text.length / 2) {
        // The blocks finished by now must never change again: same nodes, and no mutation inside them.
        half = { nodes: Array.from(host.children).slice(0, md.stats.blocksFinished) };
        observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
      }
    }
    if (md.update(text, true)) render(md.view(), host);
    observer.disconnect();

    expect(markup(host)).to.equal(wholeMarkup(text));

    const { stats } = md;
    expect(stats.blocksFinished).to.be.greaterThan(300);
    expect(stats.finishedBlockRenders, 'each finished block is rendered once').to.equal(stats.blocksFinished);
    expect(stats.resets).to.equal(0);

    expect(half!.nodes.length).to.be.greaterThan(200);
    const now = Array.from(host.children);
    half!.nodes.forEach((node, i) => expect(now[i], `block ${i} is the same element`).to.equal(node));
    const inside = [...touched].filter((node) => half!.nodes.some((block) => block.contains(node)));
    expect(inside, 'no DOM change inside a finished block').to.have.length(0);
  });

  it('lexes only the open end of the text again: per character, a 50 KB reply costs no more lexing than a 10 KB one', () => {
    const perChar = (bytes: number) => {
      const text = markdownCorpus(bytes);
      const { md, host } = stream(text, 20);
      host.remove();
      return md.stats.charsParsed / text.length;
    };
    const small = perChar(10_000);
    const large = perChar(50_000);
    expect(large / small, `${large.toFixed(2)} vs ${small.toFixed(2)} characters lexed per character`).to.be.below(1.1);
  });

  it('renders the same as a whole render for tricky texts at every split (pieces of 1, 2, 3 and 7 characters)', () => {
    for (const [name, text] of Object.entries(TRICKY)) {
      const whole = wholeMarkup(text);
      for (const size of [1, 2, 3, 7]) {
        const { host } = stream(text, size);
        expect(markup(host), `${name}, pieces of ${size}`).to.equal(whole);
        host.remove();
      }
    }
  });

  it('renders the same for the long reply streamed one character at a time (first 6 KB)', () => {
    const text = markdownCorpus(6_000);
    const { host, md } = stream(text, 1);
    expect(markup(host)).to.equal(wholeMarkup(text));
    expect(md.stats.finishedBlockRenders).to.equal(md.stats.blocksFinished);
  });

  it('grows a very long code block without lexing it again: every character shown as it arrives', () => {
    const code = '```\n' + 'let value = compute(input) + 1;\n'.repeat(1000) + '```\n\nDone.';
    const host = container();
    const md = new IncrementalMarkdown(OPTIONS);
    let sofar = '';
    for (const piece of chunks(code, 20)) {
      sofar += piece;
      if (md.update(sofar, false)) render(md.view(), host);
      // The parser holds back at most a few characters it can't classify yet (a possible closing fence).
      expect(host.textContent!.length, 'every character is shown as it arrives').to.be.at.least(sofar.length - 12);
    }
    md.update(code, true);
    render(md.view(), host);
    expect(markup(host)).to.equal(wholeMarkup(code));
    // Lexed while its fence line arrives, and once whole at the end (so the DOM is marked's), not on every piece.
    expect(md.stats.charsParsed).to.be.below(2 * code.length + 100);
    expect(md.stats.blocksFinished).to.equal(2, 'the code block and "Done.", finished when the text is complete');
  });

  it('keeps a finished item of a growing list or table rendered once', () => {
    const items = Array.from({ length: 60 }, (_, i) => `- item ${i} with **bold ${i}**\n`).join('');
    const rows = '| a | b |\n|---|---|\n' + Array.from({ length: 60 }, (_, i) => `| ${i} | *${i}* |\n`).join('');
    for (const text of [items, rows]) {
      const host = container();
      const md = new IncrementalMarkdown(OPTIONS);
      let sofar = '';
      let first: Element | undefined;
      const touched = new Set<Node>();
      const observer = new MutationObserver((records) => records.forEach((record) => touched.add(record.target)));
      for (const piece of chunks(text, 7)) {
        sofar += piece;
        if (md.update(sofar, false)) render(md.view(), host);
        if (!first && sofar.length > text.length / 4) {
          first = host.querySelector('li, tr')!;
          observer.observe(first, { subtree: true, childList: true, characterData: true, attributes: true });
        }
      }
      observer.disconnect();
      expect(md.stats.blocksFinished, 'the list or table is still open').to.equal(0);
      expect(host.querySelector('li, tr'), 'the same first item').to.equal(first);
      expect([...touched], 'nothing changed inside the first item once it was finished').to.have.length(0);
      host.remove();
    }
  });

  it('starts over when the text is replaced rather than extended', () => {
    const host = container();
    const md = new IncrementalMarkdown(OPTIONS);
    md.update('# One\n\nfirst', true);
    render(md.view(), host);
    md.update('# Two\n\nsecond', true);
    render(md.view(), host);
    expect(markup(host)).to.equal(wholeMarkup('# Two\n\nsecond'));
    expect(md.stats.resets).to.equal(1);
  });
});

describe('<agent-chat-message> streaming markdown', () => {
  it('renders at most once per animation frame however many deltas arrive', async () => {
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    const { stats } = el.markdown.markdown;
    const before = { updates: stats.updates, charsParsed: stats.charsParsed };
    // Frames counted while the deltas come: a delta after a quiet spell is shown at once (a leading edge), so on a
    // busy machine the first may render before the frame; what must hold is one render a frame, plus that edge.
    let frames = 0;
    let counting = true;
    const count = () => {
      frames++;
      if (counting) requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    let text = '';
    for (let i = 0; i < 200; i++) {
      text += `word${i} `;
      el.text = text;
      await Promise.resolve();
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await el.updateComplete;
    counting = false;
    expect(stats.updates - before.updates, `renders in ${frames} frames`).to.be.at.least(1).and.at.most(frames + 1);
    expect(stats.charsParsed - before.charsParsed, 'each character parsed once').to.equal(text.length);
    // The parser holds back the trailing space until it knows what follows it.
    expect(el.shadowRoot!.querySelector('p')!.textContent!.trimEnd()).to.equal(text.trimEnd());
    expect(el.shadowRoot!.querySelector('.trailer.caret'), 'the caret ends the text').to.not.equal(null);
  });

  it('keeps showing a streaming reply when its render options change mid-stream (no empty frame)', async () => {
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    el.text = 'Half of a **reply** so far';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('strong')!.textContent).to.equal('reply');
    el.allowImages = true;
    // After Lit's update, before the next animation frame: the text is parsed again at once.
    await new Promise((resolve) => setTimeout(resolve));
    expect(el.shadowRoot!.querySelector('strong')?.textContent).to.equal('reply');
  });

  it('updateComplete waits for the pending frame, and the end of the stream renders at once', async () => {
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    el.text = '# Title\n\nSome **bold';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('h1')!.textContent).to.equal('Title');
    el.text = '# Title\n\nSome **bold** text';
    el.streaming = false;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('strong')!.textContent).to.equal('bold');
    expect(el.shadowRoot!.querySelector('.caret')).to.equal(null);
  });

  it('renders a long reply given whole over a few frames, the first slice at once, to the DOM of the whole text', async () => {
    const text = markdownCorpus(50_000);
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant"></agent-chat-message>`);
    const { stats } = el.markdown.markdown;
    const before = stats.updates;
    el.text = text;
    // Lit's update has run (a microtask), no frame yet: the first slice is on screen, not the whole reply.
    await new Promise((resolve) => setTimeout(resolve));
    const first = el.shadowRoot!.querySelector('.bubble')!.textContent!.length;
    expect(first, 'something shows at once').to.be.greaterThan(2_000);
    expect(first, 'but not the whole reply in one task').to.be.below(text.length / 4);
    await el.updateComplete;
    // 4,000 characters a slice, each cut at a line's end.
    expect(stats.updates - before, 'a slice a frame').to.be.within(11, 15);
    const whole = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant"></agent-chat-message>`);
    whole.markdown.markdown.update(text, true);
    whole.requestUpdate();
    await whole.updateComplete;
    expect(markup(el.shadowRoot!.querySelector('.bubble')!)).to.equal(markup(whole.shadowRoot!.querySelector('.bubble')!));
  });

  it('renders a whole reply that comes as one streamed delta a slice a frame, never two slices in one frame', async () => {
    const text = markdownCorpus(50_000);
    const el = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    const { stats } = el.markdown.markdown;
    el.text = text;
    await new Promise((resolve) => setTimeout(resolve));
    const first = el.shadowRoot!.querySelector('.bubble')!.textContent!.length;
    expect(first, 'the first slice shows at once').to.be.within(2_000, text.length / 4);
    // Then a slice a frame, never two in one: the frame after a slice lays out and paints that slice only.
    let updates = stats.updates;
    let frames = 0;
    while (el.markdown.pendingFrame) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(stats.updates - updates, `slices in frame ${++frames}`).to.be.at.most(1);
      updates = stats.updates;
    }
    expect(frames, 'about a frame a slice').to.be.within(10, 30);
    el.streaming = false;
    await el.updateComplete;
    const whole = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" .text=${text}></agent-chat-message>`);
    await whole.updateComplete;
    expect(markup(el.shadowRoot!.querySelector('.bubble')!)).to.equal(markup(whole.shadowRoot!.querySelector('.bubble')!));
  });

  it('streams a long reply through the bubble to the same DOM as a finished bubble', async () => {
    const text = markdownCorpus(12_000);
    const streamed = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" streaming></agent-chat-message>`);
    let sofar = '';
    for (const piece of chunks(text, 40)) {
      sofar += piece;
      streamed.text = sofar;
      if (sofar.length % 400 === 0) await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    streamed.streaming = false;
    await streamed.updateComplete;
    const whole = await fixture<MessageBubble>(html`<agent-chat-message sender="assistant" .text=${text}></agent-chat-message>`);
    const bubble = (el: MessageBubble) => markup(el.shadowRoot!.querySelector('.bubble')!);
    expect(bubble(streamed)).to.equal(bubble(whole));
    const { stats } = streamed.markdown.markdown;
    expect(stats.finishedBlockRenders).to.equal(stats.blocksFinished);
  });
});
