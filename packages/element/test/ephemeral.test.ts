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

    await waitFor(() => stateOf(el) === 'HIDDEN', { timeout: 3000, message: 'the panel to hide after the timeout' });
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
    const endpoint = await scenario('echo');
    // Longer here: the click must land before the panel hides by itself.
    const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after=${HIDE_AFTER * 4} endpoint=${endpoint} session=${uniqueSession('eph-pin')}></agent-chat>`);
    await el.send('Pin me');
    await settle(el);
    expect(stateOf(el)).to.equal('VISIBLE');
    await sendMouse({ type: 'click', position: centerOf(framePart(el, 'title')!) });
    expect(stateOf(el)).to.equal('PINNED');
    await sleep(HIDE_AFTER * 5);
    expect(stateOf(el)).to.equal('PINNED');
    // Sending while pinned keeps it pinned (the seed has no other transition from PINNED).
    await el.send('More');
    expect(stateOf(el)).to.equal('PINNED');
    await sendMouse({ type: 'click', position: centerOf(framePart(el, 'dismiss-button')!) });
    expect(stateOf(el)).to.equal('HIDDEN');
  });

  it('stays while the pointer rests on it, and hides once it leaves', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after=${HIDE_AFTER} endpoint=${endpoint} session=${uniqueSession('eph-hover')}></agent-chat>`);
    await el.send('Hover');
    await settle(el);
    await sendMouse({ type: 'move', position: centerOf(framePart(el, 'output')!) });
    await sleep(HIDE_AFTER * 2);
    expect(stateOf(el)).to.equal('VISIBLE');
    await sendMouse({ type: 'move', position: [5, 5] });
    await waitFor(() => stateOf(el) === 'HIDDEN', { timeout: 3000, message: 'hidden after the pointer left' });
  });
});
