import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { frameOf, framePart, launcherButton, textarea } from './support/dom.js';
import { waitFor } from './support/wait.js';

async function settle(el: AgentChat): Promise<void> {
  await el.updateComplete;
  await frameOf(el)?.updateComplete;
}

describe('<agent-chat> on a narrow screen: a full-screen drawer', () => {
  let before: { width: number; height: number };
  beforeEach(async () => {
    before = { width: window.innerWidth, height: window.innerHeight };
    await setViewport({ width: 400, height: 700 });
    await waitFor(() => window.innerWidth === 400, { message: 'the narrow viewport' });
  });
  afterEach(async () => {
    await setViewport(before);
    await waitFor(() => window.innerWidth === before.width, { message: 'the viewport back' });
  });

  it('floating becomes a drawer that covers the screen, locks the page’s scroll, and closes', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('narrow');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(el);
    expect(el.frame).to.equal('drawer');
    expect(framePart(el, 'panel')).to.equal(null);
    launcherButton(el)!.click();
    await settle(el);
    expect(el.opened).to.equal(true);

    const panel = framePart(el, 'panel')!.getBoundingClientRect();
    expect([panel.left, panel.top, panel.width, panel.height]).to.deep.equal([0, 0, 400, 700]);
    expect(framePart(el, 'overlay')).to.exist;
    expect(framePart(el, 'panel')!.getAttribute('aria-modal')).to.equal('true');
    expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
    expect(getComputedStyle(document.body).overflow).to.equal('hidden');
    await waitFor(() => el.shadowRoot!.activeElement?.localName === 'agent-chat-composer', { message: 'the composer focused' });

    framePart(el, 'close-button')!.click();
    await settle(el);
    expect(el.opened).to.equal(false);
    expect(framePart(el, 'panel')).to.equal(null);
    expect(document.documentElement.style.overflow).to.equal('');
    expect(document.body.style.overflow).to.equal('');

    // Escape closes it too, and so does the overlay.
    el.open();
    await settle(el);
    textarea(el).focus();
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.opened).to.equal(false);
    el.open();
    await settle(el);
    framePart(el, 'overlay')!.click();
    await settle(el);
    expect(el.opened).to.equal(false);
    expect(document.documentElement.style.overflow).to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('docked becomes the drawer too, starts closed, and takes no room beside the page', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('narrow-docked');
    const el = await fixture<AgentChat>(html`<agent-chat mode="docked" pad-body endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(el);
    expect(el.frame).to.equal('drawer');
    expect(el.opened).to.equal(false);
    expect(getComputedStyle(document.documentElement).getPropertyValue('--agent-chat-docked-width')).to.equal('');
    expect(document.body.style.paddingRight).to.equal('');
    el.open();
    await settle(el);
    expect(framePart(el, 'panel')!.getBoundingClientRect().width).to.equal(400);
    el.remove();
    expect(document.documentElement.style.overflow, 'removing the element unlocks the page').to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });
});
