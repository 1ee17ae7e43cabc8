import { expect, fixture, html } from '@open-wc/testing';
import { chunks } from '../bench/markdown-corpus.js';
import { MessageBubble } from '../src/features/message-list/message-bubble.js';
import { SAFE_SCHEMES, XSS_VECTORS, armXssSpy, unsafeMarkup, xssCount } from './support/xss-vectors.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Clicks every link, reference chip and copy button. */
async function clickEverything(el: MessageBubble): Promise<void> {
  const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.resolve() } });
  const open = window.open;
  window.open = () => null;
  // An allowed link's default action opens a new tab; that is stopped so the run stays on this page. Any other
  // link (unsafeMarkup() would already report it) is clicked for real, so a script URL would run and be counted.
  const stopTabs = (event: Event) => {
    const link = (event.target as Element).closest?.('a');
    if (link && SAFE_SCHEMES.has(new URL(link.href, location.href).protocol)) event.preventDefault();
  };
  el.shadowRoot!.addEventListener('click', stopTabs);
  try {
    for (const clickable of Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('a[href], button'))) clickable.click();
    await tick();
  } finally {
    el.shadowRoot!.removeEventListener('click', stopTabs);
    window.open = open;
    if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  }
}

for (const allowImages of [false, true]) {
  describe(`XSS vectors as assistant markdown${allowImages ? ' (images allowed)' : ''}`, () => {
    before(() => armXssSpy());

    it(`has at least 50 vectors (${XSS_VECTORS.length})`, () => {
      expect(XSS_VECTORS.length).to.be.at.least(50);
    });

    for (const vector of XSS_VECTORS) {
      it(`${vector.name}: runs nothing and adds no element or attribute it should not`, async () => {
        armXssSpy();
        const el = await fixture<MessageBubble>(
          html`<agent-chat-message sender="assistant" .text=${vector.text} ?allow-images=${allowImages}></agent-chat-message>`,
        );
        await el.updateComplete;
        await tick();
        await frame();
        expect(unsafeMarkup(el.shadowRoot!, { allowImages }), vector.text).to.deep.equal([]);
        expect(xssCount(), 'after rendering').to.equal(0);

        await clickEverything(el);
        expect(xssCount(), 'after clicking every link and button').to.equal(0);
        if (allowImages) return;

        // The same text streamed in small pieces, a frame each, goes through the incremental path.
        const streamed = await fixture<MessageBubble>(
          html`<agent-chat-message sender="assistant" streaming ?allow-images=${allowImages}></agent-chat-message>`,
        );
        let sofar = '';
        for (const piece of chunks(vector.text, 5)) {
          sofar += piece;
          streamed.text = sofar;
          await frame();
        }
        streamed.streaming = false;
        await streamed.updateComplete;
        await tick();
        expect(unsafeMarkup(streamed.shadowRoot!, { allowImages }), `${vector.text} (streamed)`).to.deep.equal([]);
        expect(xssCount(), 'after streaming').to.equal(0);
        await clickEverything(streamed);
        expect(xssCount(), 'after clicking every link and button of the streamed text').to.equal(0);
      });
    }
  });
}

describe('links in model text', () => {
  it('keeps the safe link and shows the unsafe one as its text', async () => {
    armXssSpy();
    const el = await fixture<MessageBubble>(
      html`<agent-chat-message sender="assistant" .text=${'[ok](https://example.invalid/) [js](javascript:window.__xss++)'}></agent-chat-message>`,
    );
    const links = Array.from(el.shadowRoot!.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.invalid/']);
    expect(el.shadowRoot!.querySelector('p')!.textContent).to.contain('js');
  });
});
