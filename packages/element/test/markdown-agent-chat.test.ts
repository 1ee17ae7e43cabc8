import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", used below
import type { AgentChat } from '../src/agent-chat.js';
import type { ReferenceDetail } from '../src/ui/markdown/references.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';
import { XSS_VECTORS, armXssSpy, unsafeMarkup, xssCount } from './support/xss-vectors.js';

/** The echo scenario says back what it is sent, so the text typed comes back as the assistant's markdown. */
async function echoed(message: string, setUp: (el: AgentChat) => void = () => {}): Promise<AgentChat> {
  const endpoint = await scenario('echo');
  const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('markdown')}></agent-chat>`);
  setUp(el);
  await el.send(message);
  const bubble = await waitFor(() => assistantBubbles(el)[0], { message: 'the echoed reply' });
  await bubble.updateComplete;
  expect(bubble.text).to.equal(echo(message));
  return el;
}

describe('<agent-chat> markdown replies (real server)', () => {
  it('renders the reply as markdown with reference chips, and the user’s message as plain text', async () => {
    const message = '**Found** [[F-1]] and [T-2]:\n\n- `step one`\n- [docs](https://example.com/docs)';
    const el = await echoed(message);
    const reply = assistantBubbles(el)[0]!.shadowRoot!;
    expect(reply.querySelector('strong')!.textContent).to.equal('Found');
    expect(Array.from(reply.querySelectorAll('li')).map((li) => li.textContent)).to.deep.equal(['step one', 'docs']);
    expect(reply.querySelector('a')!.getAttribute('target')).to.equal('_blank');

    const mine = userBubbles(el)[0]!.shadowRoot!.querySelector('.bubble')!;
    expect(mine.querySelector('*')).to.equal(null);
    expect(mine.textContent).to.equal(message);

    const chips = Array.from(reply.querySelectorAll<HTMLButtonElement>('button[part="reference"]'));
    expect(chips.map((chip) => chip.textContent)).to.deep.equal(['F-1', 'T-2']);
    const event = nextEvent<CustomEvent<ReferenceDetail>>(el, 'agent-chat-reference');
    chips[0]!.click();
    expect((await event).detail).to.deep.equal({ id: 'F-1' });
  });

  it('shows every XSS vector, sent as the user’s text and echoed as the reply, without running or adding anything', async () => {
    armXssSpy();
    const message = XSS_VECTORS.map((vector) => vector.text).join('\n\n');
    const el = await echoed(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reply = assistantBubbles(el)[0]!;
    const mine = userBubbles(el)[0]!;
    expect(unsafeMarkup(reply.shadowRoot!)).to.deep.equal([]);
    expect(Array.from(mine.shadowRoot!.querySelectorAll('.bubble *'))).to.have.length(0);
    expect(xssCount()).to.equal(0);
  });

  it('words the copy button from the strings table, draws task boxes as checkboxes, and shows images only when the host allows them', async () => {
    const message = 'Tasks:\n\n- [x] shipped\n- [ ] tested\n\n```js\nx()\n```\n\n![a chart](https://example.invalid/chart.png)';
    const french = await echoed(message, (el) => (el.locale = 'fr'));
    const reply = assistantBubbles(french)[0]!.shadowRoot!;
    expect(reply.querySelector('button[part="copy"]')!.textContent).to.equal('Copier');
    // Task boxes are checkboxes, named and stated by the browser in the page's language.
    expect(Array.from(reply.querySelectorAll<HTMLInputElement>('li.task input[type="checkbox"]')).map((box) => [box.checked, box.disabled])).to.deep.equal([[true, true], [false, true]]);
    expect(reply.querySelector('img'), 'images are off by default').to.equal(null);
    expect(reply.textContent).to.contain('a chart');

    const allowed = await echoed(message, (el) => (el.adapter = { allowImages: true }));
    const img = await waitFor(() => assistantBubbles(allowed)[0]!.shadowRoot!.querySelector('img'), { message: 'the image' });
    expect(img.getAttribute('src')).to.equal('https://example.invalid/chart.png');
    expect(img.getAttribute('alt')).to.equal('a chart');
    expect(assistantBubbles(allowed)[0]!.shadowRoot!.querySelector('button[part="copy"]')!.textContent).to.equal('Copy');
  });
});
