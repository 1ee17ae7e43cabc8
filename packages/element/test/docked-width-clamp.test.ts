import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { frameOf, framePart } from './support/dom.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { waitFor } from './support/wait.js';

// Issue #20, point 11: a docked panel's width is kept within the window, on load and on resize. The rule
// (ui/layout/docked-width.ts maxDockedWidth): the page keeps at least 600 px beside the panel, and the panel is at most
// 80 % of the window, but never narrower than its default 380 px; the width the user chose stays remembered as it
// was, and comes back when the window is wide enough again.

const dockedWidth = () => getComputedStyle(document.documentElement).getPropertyValue('--agent-chat-docked-width').trim();
const stored = (storageKey: string) => JSON.parse(localStorage.getItem(`agent-chat:frame:${storageKey}`) ?? '{}');

describe('<agent-chat mode="docked"> within the window', () => {
  const windowSize = { width: window.innerWidth, height: window.innerHeight };
  afterEach(() => setViewport(windowSize));

  // First in this file: its page has not loaded the docked frame's chunk, so the first paint is the stand-in's.
  it('a 552 px width remembered from a wider window is drawn at 424 px in a 1,024 px one, from the first paint on', async () => {
    await setViewport({ width: 1024, height: 768 });
    expect(customElements.get('agent-chat-docked-frame'), 'a page that has not loaded the docked frame yet').to.equal(undefined);
    const storageKey = uniqueSession('docked-clamp');
    localStorage.setItem(`agent-chat:frame:${storageKey}`, JSON.stringify({ docked: { width: 552 } }));
    const el = document.createElement('agent-chat');
    el.setAttribute('mode', 'docked');
    el.setAttribute('pad-body', '');
    el.setAttribute('endpoint', await scenario('echo'));
    el.setAttribute('storage-key', storageKey);
    // What the page lays out beside the panel (an editor and its tabs), with the room the panel says it takes.
    const page = document.createElement('main');
    page.style.cssText = 'position: fixed; top: 0; left: 0; right: var(--agent-chat-docked-width, 0px); height: 40px';
    document.body.append(page, el);
    // The stand-in may be drawn for less than a frame when the frame's chunk is in the browser's cache (another test
    // file's page loaded it), so it is measured as it is drawn: in the microtask after the shell's update commits,
    // before anything can paint, rather than by polling each frame.
    const firstDrawn = new Promise<{ width: number; room: string }>((resolve) => {
      const observer = new MutationObserver(() => {
        const standIn = el.shadowRoot!.querySelector<HTMLElement>('[part~="panel"]');
        if (!standIn) return;
        observer.disconnect();
        resolve({ width: standIn.getBoundingClientRect().width, room: dockedWidth() });
      });
      observer.observe(el.shadowRoot!, { childList: true, subtree: true });
    });
    try {
      const standIn = await Promise.race([
        firstDrawn,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Timed out after 20000 ms waiting for the stand-in')), 20_000)),
      ]);
      expect(standIn.width, 'the stand-in').to.equal(1024 - 600);
      expect(standIn.room, 'the room held from the first paint').to.equal('424px');

      await waitFor(() => frameOf(el)?.localName === 'agent-chat-docked-frame', { message: 'the docked frame' });
      await frameOf(el)!.updateComplete;
      const panel = framePart(el, 'panel')!;
      expect(panel.getBoundingClientRect().width, 'the frame').to.equal(424);
      expect(dockedWidth()).to.equal('424px');
      expect(page.getBoundingClientRect().width, 'what the page keeps').to.equal(600);
      const edge = framePart(el, 'resize-edge')!;
      expect([edge.getAttribute('aria-valuenow'), edge.getAttribute('aria-valuemax')], 'the separator says so').to.deep.equal(['424', '424']);
      expect(stored(storageKey).docked.width, 'the chosen width is still remembered').to.equal(552);
    } finally {
      el.remove();
      page.remove();
      localStorage.removeItem(`agent-chat:frame:${storageKey}`);
    }
  });

  it('follows the window as it is resized: narrower, wider than the remembered width allows, and back', async () => {
    await setViewport({ width: 1400, height: 800 });
    const storageKey = uniqueSession('docked-clamp-resize');
    localStorage.setItem(`agent-chat:frame:${storageKey}`, JSON.stringify({ docked: { width: 552 } }));
    const el = document.createElement('agent-chat') as AgentChat;
    el.setAttribute('mode', 'docked');
    el.setAttribute('endpoint', await scenario('echo'));
    el.setAttribute('storage-key', storageKey);
    document.body.append(el);
    try {
      await waitFor(() => frameOf(el)?.localName === 'agent-chat-docked-frame', { message: 'the docked frame' });
      const panelWidth = () => framePart(el, 'panel')?.getBoundingClientRect().width;
      await waitFor(() => panelWidth() === 552, { message: 'the remembered width, which a 1,400 px window allows' });
      expect(dockedWidth()).to.equal('552px');

      await setViewport({ width: 1024, height: 768 });
      await waitFor(() => panelWidth() === 424, { message: 'the panel narrowed with the window' });
      expect(dockedWidth(), 'the room on the page follows').to.equal('424px');

      // Below 980 px the page cannot keep 600 px beside a 380 px panel: the panel keeps its default width.
      await setViewport({ width: 800, height: 600 });
      await waitFor(() => panelWidth() === 380, { message: 'the default width in a small window' });
      expect(dockedWidth()).to.equal('380px');

      await setViewport({ width: 1400, height: 800 });
      await waitFor(() => panelWidth() === 552, { message: 'the remembered width back in a wide window' });
      expect(dockedWidth()).to.equal('552px');
      expect(stored(storageKey).docked.width, 'resizing the window changed nothing stored').to.equal(552);
    } finally {
      el.remove();
      localStorage.removeItem(`agent-chat:frame:${storageKey}`);
    }
  });
});
