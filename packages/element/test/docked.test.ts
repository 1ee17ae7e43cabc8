import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { centerOf, frameOf, framePart } from './support/dom.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { waitFor } from './support/wait.js';

const dockedWidth = () => getComputedStyle(document.documentElement).getPropertyValue('--agent-chat-docked-width').trim();

async function settle(el: AgentChat): Promise<void> {
  await el.updateComplete;
  await frameOf(el)?.updateComplete;
}

describe('<agent-chat mode="docked">', () => {
  // Wide enough for a panel wider than its default: the page keeps 600 px beside it (docked-width-clamp.test.ts).
  const windowSize = { width: window.innerWidth, height: window.innerHeight };
  beforeEach(() => setViewport({ width: 1280, height: 800 }));
  afterEach(async () => {
    await resetMouse();
    await setViewport(windowSize);
  });

  // First in this file: its page has not loaded the docked frame's chunk yet, which comes after the first paint.
  it('paints the frame’s stand-in first: the panel at its remembered width, with its title, and the room held on the page; the frame takes both over unchanged', async () => {
    expect(customElements.get('agent-chat-docked-frame'), 'a page that has not loaded the docked frame yet').to.equal(undefined);
    const storageKey = uniqueSession('docked-stand-in');
    localStorage.setItem(`agent-chat:frame:${storageKey}`, JSON.stringify({ docked: { width: 420 } }));
    const el = document.createElement('agent-chat');
    el.setAttribute('mode', 'docked');
    el.setAttribute('pad-body', '');
    el.setAttribute('endpoint', await scenario('echo'));
    el.setAttribute('storage-key', storageKey);
    document.body.append(el);

    // The stand-in is the shell's own: its parts are in <agent-chat>'s shadow root, not in a frame's.
    const standIn = await waitFor(() => el.shadowRoot?.querySelector<HTMLElement>('[part~="panel"]'), { message: 'the stand-in' });
    expect(customElements.get('agent-chat-docked-frame'), 'the frame, before the first paint').to.equal(undefined);
    const before = standIn.getBoundingClientRect();
    expect(before.width).to.equal(420);
    expect(before.right).to.equal(window.innerWidth);
    expect(before.height).to.equal(window.innerHeight);
    expect(standIn.querySelector('[part~="title"]')!.textContent).to.equal('Assistant');
    expect(dockedWidth(), 'the room held from the first paint').to.equal('420px');
    expect(document.body.style.paddingRight).to.equal('420px');

    await settle(el);
    expect(el.shadowRoot!.querySelector('[part~="panel"]'), 'the stand-in, once the frame is in').to.equal(null);
    const after = framePart(el, 'panel')!.getBoundingClientRect();
    expect([after.left, after.width, after.height], 'the frame’s panel where the stand-in was').to.deep.equal([before.left, before.width, before.height]);
    expect(dockedWidth()).to.equal('420px');
    expect(document.body.style.paddingRight).to.equal('420px');

    el.remove();
    expect(dockedWidth(), 'the page gets its room back').to.equal('');
    expect(document.body.style.paddingRight).to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('collapses and expands, telling the page its width through --agent-chat-docked-width (and body padding)', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('docked');
    const el = await fixture<AgentChat>(html`<agent-chat mode="docked" pad-body endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(el);
    expect(el.opened, 'docked starts expanded').to.equal(true);
    expect(dockedWidth()).to.equal('380px');
    expect(document.body.style.paddingRight).to.equal('380px');
    const panel = framePart(el, 'panel')!.getBoundingClientRect();
    expect(panel.width).to.equal(380);
    expect(panel.right).to.equal(window.innerWidth);
    expect(panel.height).to.equal(window.innerHeight);

    framePart(el, 'collapse-button')!.click();
    await settle(el);
    expect(el.opened).to.equal(false);
    expect(framePart(el, 'panel')).to.equal(null);
    expect(framePart(el, 'strip')!.getBoundingClientRect().width).to.equal(48);
    expect(dockedWidth()).to.equal('48px');
    expect(document.body.style.paddingRight).to.equal('48px');

    framePart(el, 'expand-button')!.click();
    await settle(el);
    expect(dockedWidth()).to.equal('380px');

    el.remove();
    expect(dockedWidth(), 'the page gets its room back').to.equal('');
    expect(document.body.style.paddingRight).to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('resizes by dragging its inner edge, and a reload keeps the width and the collapsed state', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('docked-resize');
    const el = await fixture<AgentChat>(html`<agent-chat mode="docked" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(el);
    const edge = framePart(el, 'resize-edge')!;
    const [x, y] = centerOf(edge);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x - 30, y] });
    await sendMouse({ type: 'move', position: [x - 60, y] });
    await sendMouse({ type: 'up' });
    await settle(el);
    expect(framePart(el, 'panel')!.getBoundingClientRect().width).to.equal(440);
    expect(dockedWidth()).to.equal('440px');
    expect(document.body.style.paddingRight, 'no body padding without pad-body').to.equal('');

    el.remove();
    const again = await fixture<AgentChat>(html`<agent-chat mode="docked" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(again);
    await waitFor(() => dockedWidth() === '440px', { message: 'the remembered width' });
    again.close();
    await settle(again);
    again.remove();

    const collapsed = await fixture<AgentChat>(html`<agent-chat mode="docked" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(collapsed);
    expect(collapsed.opened).to.equal(false);
    expect(dockedWidth()).to.equal('48px');
    collapsed.open();
    await settle(collapsed);
    expect(dockedWidth()).to.equal('440px');
    collapsed.remove();
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('docks on the left with side="left"', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('docked-left');
    const el = await fixture<AgentChat>(html`<agent-chat mode="docked" side="left" pad-body endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await settle(el);
    expect(framePart(el, 'panel')!.getBoundingClientRect().left).to.equal(0);
    expect(document.body.style.paddingLeft).to.equal('380px');
    el.remove();
    expect(document.body.style.paddingLeft).to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });
});
