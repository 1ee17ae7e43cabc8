import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { centerOf, frameOf, framePart } from './support/dom.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { nextEvent, waitFor } from './support/wait.js';

const HIDE_AFTER = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stateOf = (el: AgentChat) => frameOf(el)!.getAttribute('state');

async function settle(el: AgentChat): Promise<void> {
  await el.updateComplete;
  await frameOf(el)!.updateComplete;
}

/**
 * A message whose reply is held until `answer()`: the 'client' scenario asks the page's tool, which waits for the
 * test the first time. No countdown runs while a reply is in flight, so the pointer can be put on the panel before
 * it starts, rather than raced against it (a busy machine could take longer than the countdown to move it there).
 */
async function heldReply(hideAfter: number, prefix: string): Promise<{ el: AgentChat; sent: Promise<void>; answer: () => void }> {
  const endpoint = await scenario('client');
  const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after=${hideAfter} endpoint=${endpoint} session=${uniqueSession(prefix)}></agent-chat>`);
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let asked = false;
  el.adapter = {
    tools: {
      read_page: async () => {
        if (!asked) {
          asked = true;
          await answered;
        }
        return { heading: 'Q3 report' };
      },
    },
  };
  const sent = el.send('title');
  await waitFor(() => asked, { message: 'the page’s tool to be asked' });
  return { el, sent, answer };
}

describe('<agent-chat mode="ephemeral"> (seed 002)', () => {
  afterEach(() => resetMouse());

  it('shows the output when a message is sent, hides it after the timeout, and "Show output" pins it back', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after=${HIDE_AFTER} endpoint=${endpoint} session=${uniqueSession('eph')}></agent-chat>`);
    await settle(el);
    expect(stateOf(el)).to.equal('HIDDEN');
    expect(framePart(el, 'output')!.hidden).to.equal(true);
    expect(framePart(el, 'show-output'), 'nothing to show yet').to.equal(null);
    const bar = framePart(el, 'input-bar')!.getBoundingClientRect();
    expect(bar.bottom).to.equal(window.innerHeight);
    expect(bar.width).to.equal(window.innerWidth);

    const opened = nextEvent(el, 'agent-chat-open');
    const sent = el.send('Hello');
    await opened;
    expect(stateOf(el)).to.equal('VISIBLE');
    await settle(el);
    expect(framePart(el, 'output')!.hidden).to.equal(false);
    await sent;
    const finishedAt = performance.now();

    await waitFor(() => stateOf(el) === 'HIDDEN', { timeout: 20000, message: 'the panel to hide after the timeout' });
    expect(performance.now() - finishedAt).to.be.at.least(HIDE_AFTER - 50);
    await settle(el);
    expect(framePart(el, 'output')!.hidden).to.equal(true);
    expect(el.opened).to.equal(false);

    framePart(el, 'show-output')!.click();
    await settle(el);
    expect(stateOf(el)).to.equal('PINNED');
    expect(framePart(el, 'output')!.hidden).to.equal(false);
    await sleep(HIDE_AFTER * 2);
    expect(stateOf(el), 'pinned outlives the timeout').to.equal('PINNED');

    // A click elsewhere on the page dismisses it.
    await sendMouse({ type: 'click', position: [5, 5] });
    await settle(el);
    expect(stateOf(el)).to.equal('HIDDEN');
  });

  it('a click on the panel pins it; the dismiss button hides it', async () => {
    // Clicked while the reply is held: the click must land before the panel hides by itself.
    const { el, sent, answer } = await heldReply(HIDE_AFTER * 4, 'eph-pin');
    await settle(el);
    expect(stateOf(el)).to.equal('VISIBLE');
    await sendMouse({ type: 'click', position: centerOf(framePart(el, 'title')!) });
    expect(stateOf(el)).to.equal('PINNED');
    answer();
    await sent;
    await sleep(HIDE_AFTER * 5);
    expect(stateOf(el)).to.equal('PINNED');
    // Sending while pinned keeps it pinned (the seed has no other transition from PINNED).
    await el.send('More');
    expect(stateOf(el)).to.equal('PINNED');
    await sendMouse({ type: 'click', position: centerOf(framePart(el, 'dismiss-button')!) });
    expect(stateOf(el)).to.equal('HIDDEN');
  });

  it('stays while the pointer rests on it, and hides once it leaves', async () => {
    // The pointer rests on the panel before the reply ends, not a busy machine's moment after (the countdown is 300 ms).
    const { el, sent, answer } = await heldReply(HIDE_AFTER, 'eph-hover');
    await settle(el);
    await sendMouse({ type: 'move', position: centerOf(framePart(el, 'output')!) });
    answer();
    await sent;
    await settle(el);
    await sleep(HIDE_AFTER * 2);
    expect(stateOf(el)).to.equal('VISIBLE');
    await sendMouse({ type: 'move', position: [5, 5] });
    await waitFor(() => stateOf(el) === 'HIDDEN', { timeout: 20000, message: 'hidden after the pointer left' });
  });
});
