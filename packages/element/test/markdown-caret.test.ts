// The streaming caret (markdown-controller.ts): still while text arrives, blinking once it stops, gone with the
// stream. Issue #31: its timer outlived the stream and marked an ended reply `blink` half a second later, so a
// streamed reply's DOM differed from the same text given whole (markdown-commonmark.test.ts failed at random).
//
// No test here sleeps. "The caret's delay has passed" is observed, not guessed: a second bubble (the witness)
// starts the same timer after the bubble under test last did, and timers of equal delay run in the order they
// were set (HTML, timer initialization steps), so once the witness blinks, any timer the first bubble still had
// has run too.
import { expect } from '@open-wc/testing';
import { MessageBubble } from '../src/features/message-list/message-bubble.js';
import { markup } from './support/bubble-render.js';
import { waitFor } from './support/wait.js';

if (!customElements.get('agent-chat-message')) customElements.define('agent-chat-message', MessageBubble);

const hosts: HTMLElement[] = [];

function host(): HTMLElement {
  const el = document.createElement('div');
  document.body.append(el);
  hosts.push(el);
  return el;
}

/** An assistant bubble streaming `text`, rendered. */
async function streaming(text: string, into = host()): Promise<MessageBubble> {
  const el = document.createElement('agent-chat-message');
  el.streaming = true;
  el.text = text;
  into.append(el);
  await el.updateComplete;
  return el;
}

function trailer(el: MessageBubble): Element {
  const found = el.shadowRoot?.querySelector('.trailer');
  if (!found) throw new Error('the bubble shows no trailer');
  return found;
}

const blinks = (el: MessageBubble) => trailer(el).classList.contains('blink');

/** Resolves once the caret's delay has passed for every timer set before now (see the top of the file). */
async function caretDelayPassed(): Promise<void> {
  const witness = await streaming('witness');
  await waitFor(() => blinks(witness), { message: "the witness's caret to blink" });
}

/** A bubble given `text` whole, as history is. */
async function whole(text: string): Promise<MessageBubble> {
  const el = document.createElement('agent-chat-message');
  el.text = text;
  host().append(el);
  await el.updateComplete;
  return el;
}

describe('the streaming caret', () => {
  afterEach(() => hosts.splice(0).forEach((el) => el.remove()));

  it('holds still while text arrives and blinks once it stops', async () => {
    const el = await streaming('Hello');
    expect(trailer(el).classList.contains('caret'), 'a caret while streaming').to.equal(true);
    expect(blinks(el), 'still right after a delta').to.equal(false);
    await waitFor(() => blinks(el), { message: 'the caret to blink once the text stands still' });
  });

  it('leaves no caret and no blink once the reply has ended, after the caret\'s delay has passed', async () => {
    const el = await streaming('Hello, **world**');
    el.text = 'Hello, **world**, and more.';
    await el.updateComplete;
    el.streaming = false;
    await el.updateComplete;
    await caretDelayPassed();
    expect(trailer(el).className).to.equal('trailer');
    expect(markup(el), 'the same DOM as the text given whole').to.equal(markup(await whole('Hello, **world**, and more.')));
  });

  it('stops blinking when a reply that paused long enough to blink ends', async () => {
    const el = await streaming('Thinking it over');
    await waitFor(() => blinks(el), { message: 'the paused caret to blink' });
    el.streaming = false;
    await el.updateComplete;
    expect(trailer(el).className).to.equal('trailer');
  });

  it('sets no blink on a bubble taken out of the page, and blinks again once it is back and still', async () => {
    const place = host();
    const el = await streaming('Half a reply', place);
    el.remove();
    await caretDelayPassed();
    expect(blinks(el), 'no timer outlives the host').to.equal(false);
    place.append(el);
    await waitFor(() => blinks(el), { message: 'the caret of the reply still streaming to blink again' });
  });
});
