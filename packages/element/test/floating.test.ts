import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { FloatingFrame } from '../src/features/frames/floating-frame.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { badgeText, centerOf, frameOf, framePart, launcherButton } from './support/dom.js';
import { waitFor } from './support/wait.js';

async function drag(from: [number, number], by: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  // In steps, as a hand moves: each step is a pointermove the frame follows.
  for (const step of [0.25, 0.5, 0.75, 1]) {
    await sendMouse({ type: 'move', position: [Math.round(from[0] + by[0] * step), Math.round(from[1] + by[1] * step)] });
  }
  await sendMouse({ type: 'up' });
}

function panelBox(el: AgentChat): DOMRect {
  return framePart(el, 'panel')!.getBoundingClientRect();
}

function expectInsideViewport(box: DOMRect): void {
  expect(box.left).to.be.at.least(0);
  expect(box.top).to.be.at.least(0);
  expect(box.right).to.be.at.most(window.innerWidth);
  expect(box.bottom).to.be.at.most(window.innerHeight);
}

describe('<agent-chat mode="floating">', () => {
  afterEach(() => resetMouse());

  it('drags by the header and resizes from its edges, always inside the viewport; a reload puts it back', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('floating');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    const frame = frameOf(el) as FloatingFrame;
    expect(framePart(el, 'panel')!.hidden).to.equal(true);
    launcherButton(el)!.click();
    await el.updateComplete;
    await frame.updateComplete;
    expect(framePart(el, 'panel')!.hidden).to.equal(false);

    const start = panelBox(el);
    expectInsideViewport(start);
    await drag(centerOf(framePart(el, 'title')!), [-150, 20]);
    await frame.updateComplete;
    const moved = panelBox(el);
    expect(moved.left).to.be.closeTo(start.left - 150, 1);
    expect(moved.top).to.be.closeTo(start.top + 20, 1);
    expect(moved.width).to.equal(start.width);

    // Far past the corner: it stops at the edge.
    await drag(centerOf(framePart(el, 'title')!), [-2000, 2000]);
    await frame.updateComplete;
    const cornered = panelBox(el);
    expectInsideViewport(cornered);
    expect(cornered.left).to.equal(8);
    expect(cornered.bottom).to.equal(window.innerHeight - 8);

    const east = frame.shadowRoot!.querySelector('[data-edge="e"]')!;
    await drag(centerOf(east), [80, 0]);
    await frame.updateComplete;
    expect(panelBox(el).width).to.be.closeTo(cornered.width + 80, 1);

    const north = frame.shadowRoot!.querySelector('[data-edge="n"]')!;
    await drag(centerOf(north), [0, 100]);
    await frame.updateComplete;
    const resized = panelBox(el);
    expect(resized.height).to.be.closeTo(cornered.height - 100, 1);
    expect(resized.bottom, 'the opposite edge stays').to.be.closeTo(cornered.bottom, 1);

    // Growing past the viewport stops at its edge.
    await drag(centerOf(frame.shadowRoot!.querySelector('[data-edge="e"]')!), [2000, 0]);
    await frame.updateComplete;
    expectInsideViewport(panelBox(el));
    const final = panelBox(el);

    // "Reload": a new element with the same storage key.
    el.remove();
    const again = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await frameOf(again)!.updateComplete;
    expect(again.opened, 'open state remembered').to.equal(true);
    expect(framePart(again, 'panel')!.hidden).to.equal(false);
    const restored = panelBox(again);
    expect([restored.left, restored.top, restored.width, restored.height]).to.deep.equal([final.left, final.top, final.width, final.height]);

    // Closed is remembered too.
    framePart(again, 'close-button')!.click();
    again.remove();
    const closed = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    expect(closed.opened).to.equal(false);
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('stays inside the viewport when the window shrinks', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('shrink');
    localStorage.setItem(`agent-chat:frame:${storageKey}`, JSON.stringify({ floating: { open: true, rect: { x: 5000, y: 5000, width: 350, height: 400 } } }));
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await frameOf(el)!.updateComplete;
    expectInsideViewport(panelBox(el));
    expect(panelBox(el).width).to.equal(350);
    expect(panelBox(el).right).to.equal(window.innerWidth - 8);
    const before = { width: window.innerWidth, height: window.innerHeight };
    try {
      // Still above the narrow breakpoint (640), so it stays a floating panel.
      await setViewport({ width: 660, height: 380 });
      await waitFor(() => window.innerWidth === 660 && panelBox(el).right <= 660, { message: 'the panel inside the smaller window' });
      expect(el.frame).to.equal('floating');
      expectInsideViewport(panelBox(el));
      expect(panelBox(el).height).to.equal(380 - 16);
    } finally {
      await setViewport(before);
    }
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('counts replies that arrive while closed on the launcher badge', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('badge');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} session=${uniqueSession('badge')} storage-key=${storageKey}></agent-chat>`);
    expect(badgeText(el)).to.equal(undefined);
    await el.send('one');
    await waitFor(() => badgeText(el) === '1', { message: 'a badge of 1' });
    await el.send('two');
    await waitFor(() => badgeText(el) === '2', { message: 'a badge of 2' });
    expect(launcherButton(el)!.getAttribute('aria-label')).to.equal('Open the chat, 2 unread');

    el.open();
    await el.updateComplete;
    await waitFor(() => badgeText(el) === undefined, { message: 'no badge once open' });
    await el.send('seen while open');
    el.close();
    await el.updateComplete;
    await frameOf(el)!.updateComplete;
    expect(badgeText(el), 'replies read while open are not unread').to.equal(undefined);
    await el.send('three');
    await waitFor(() => badgeText(el) === '1', { message: 'counting again from the close' });
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });
});
