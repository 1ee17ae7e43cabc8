import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat, LayoutMode } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composer, frameOf, messageList } from './support/dom.js';
import { waitFor } from './support/wait.js';

/**
 * The host's content in <agent-chat>'s slots: header-actions, empty, footer. Each is checked where a person would
 * see it: assigned through <agent-chat>'s slot to the slot of the part that shows it, laid out inside that part,
 * and the topmost thing at its own centre (nothing covers it).
 */

/** The last slot of the chain that carries `node`: <agent-chat>'s slot is itself assigned to a part's slot. */
function finalSlot(node: Element): HTMLSlotElement | null {
  let slot = node.assignedSlot;
  while (slot?.assignedSlot) slot = slot.assignedSlot;
  return slot;
}

/** The element that shows a host node: the host of the shadow root its final slot is in. */
function shownBy(node: Element): Element | null {
  const root = finalSlot(node)?.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

function expectVisibleInside(node: HTMLElement, container: Element, where: string): void {
  expect(node.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }), `${node.id} is rendered (${where})`).to.equal(true);
  const box = node.getBoundingClientRect();
  const outer = container.getBoundingClientRect();
  expect(box.width * box.height, `${node.id} has an area (${where})`).to.be.greaterThan(0);
  expect(box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5, `${node.id} inside horizontally (${where})`).to.equal(true);
  expect(box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5, `${node.id} inside vertically (${where})`).to.equal(true);
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  expect(hit && node.contains(hit), `${node.id} is on top at its centre (${where})`).to.equal(true);
}

/** The default empty line: the text of <agent-chat>'s own `empty` slot (its fallback content). */
function defaultEmptyLine(el: AgentChat): Text {
  const slot = el.shadowRoot!.querySelector('slot[name="empty"]')!;
  const text = [...slot.childNodes].find((node): node is Text => node instanceof Text && node.data.trim() !== '');
  if (!text) throw new Error('<agent-chat> has no default empty line');
  return text;
}

/** Is this text node painted anywhere? */
function painted(text: Node): boolean {
  const range = document.createRange();
  range.selectNodeContents(text);
  return range.getClientRects().length > 0;
}

async function settle(el: AgentChat): Promise<void> {
  await el.updateComplete;
  await frameOf(el)?.updateComplete;
  // A closed floating panel has no list nor composer yet: the conversation loads when it opens.
  await el.shadowRoot?.querySelector('agent-chat-message-list')?.updateComplete;
  await el.shadowRoot?.querySelector('agent-chat-composer')?.updateComplete;
}

async function chatWithSlots(mode: LayoutMode): Promise<AgentChat> {
  const endpoint = await scenario('echo');
  const el = await fixture<AgentChat>(html`<agent-chat
    mode=${mode}
    endpoint=${endpoint}
    session=${uniqueSession(`slots-${mode}`)}
    storage-key=${uniqueSession(`slots-${mode}`)}
  >
    <button slot="header-actions" id="action" type="button">New chat</button>
    <div slot="empty" id="empty"><p>Ask about your board, e.g. <em>what is blocked?</em></p></div>
    <small slot="footer" id="footer">AI can make mistakes.</small>
  </agent-chat>`);
  await settle(el);
  return el;
}

function hostNode(el: AgentChat, id: string): HTMLElement {
  const node = el.querySelector<HTMLElement>(`#${id}`);
  if (!node) throw new Error(`no #${id}`);
  return node;
}

/** The frame's header, the list's empty line and the composer show the host's content in this mode. */
async function expectAllShown(el: AgentChat, where: string): Promise<void> {
  const list = messageList(el);
  // A new conversation loads first; the empty state (and so the slot) comes once it is known to be empty.
  await waitFor(() => list.shadowRoot!.querySelector('[part~="empty"] slot[name="empty"]'), { message: `the empty state (${where})` });
  await settle(el);

  const action = hostNode(el, 'action');
  const frame = frameOf(el)!;
  expect(shownBy(action) === frame, `header-actions is shown by the frame (${where})`).to.equal(true);
  const header = finalSlot(action)!.closest('[part~="header"]');
  expect(header !== null, `header-actions is in the header (${where})`).to.equal(true);
  expectVisibleInside(action, header!, where);
  // Next to the title, before the frame's own buttons.
  const title = header!.querySelector('[part~="title"]')!;
  expect(title.getBoundingClientRect().right <= action.getBoundingClientRect().left + 0.5, `after the title (${where})`).to.equal(true);

  const empty = hostNode(el, 'empty');
  expect(shownBy(empty) === list, `empty is shown by the message list (${where})`).to.equal(true);
  const emptyLine = finalSlot(empty)!.closest('[part~="empty"]')!;
  expectVisibleInside(empty, emptyLine, where);
  const fallback = defaultEmptyLine(el);
  expect(fallback.textContent, 'the default empty line').to.equal('Send a message to start.');
  expect(painted(fallback), `the default empty line gives way (${where})`).to.equal(false);

  const footer = hostNode(el, 'footer');
  expect(shownBy(footer) === composer(el), `footer is shown by the composer (${where})`).to.equal(true);
  expectVisibleInside(footer, composer(el), where);
  const input = composer(el).shadowRoot!.querySelector('[part~="input"]')!;
  expect(input.getBoundingClientRect().bottom <= footer.getBoundingClientRect().top + 0.5, `under the input (${where})`).to.equal(true);
}

describe('<agent-chat> slots', () => {
  it('inline: the empty state and the footer show the host content; there is no header, so no header actions', async () => {
    const el = await chatWithSlots('inline');
    const list = messageList(el);
    await waitFor(() => list.shadowRoot!.querySelector('slot[name="empty"]'), { message: 'the empty state' });
    await settle(el);

    const empty = hostNode(el, 'empty');
    expect(shownBy(empty) === list, 'empty is shown by the message list').to.equal(true);
    expectVisibleInside(empty, finalSlot(empty)!.closest('[part~="empty"]')!, 'inline');
    expect(painted(defaultEmptyLine(el)), 'the default empty line gives way').to.equal(false);

    const footer = hostNode(el, 'footer');
    expect(shownBy(footer) === composer(el), 'footer is shown by the composer').to.equal(true);
    expectVisibleInside(footer, composer(el), 'inline');

    const action = hostNode(el, 'action');
    expect(action.assignedSlot === null, 'no header-actions slot in inline mode').to.equal(true);
    expect(action.checkVisibility()).to.equal(false);

    // Once there is a conversation the empty state, and the host's content in it, go away; the footer stays.
    await el.send('Hello');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply' });
    await settle(el);
    expect(empty.checkVisibility(), 'the empty content hides once the conversation starts').to.equal(false);
    expectVisibleInside(footer, composer(el), 'inline, after a message');
  });

  it('floating (open): header actions, empty state and footer all show', async () => {
    const el = await chatWithSlots('floating');
    el.open();
    await settle(el);
    await expectAllShown(el, 'floating');
  });

  it('docked: header actions, empty state and footer all show', async () => {
    const el = await chatWithSlots('docked');
    expect(el.frame).to.equal('docked');
    await expectAllShown(el, 'docked');
  });

  it('the narrow-screen drawer and the ephemeral output show them too', async () => {
    const before = { width: window.innerWidth, height: window.innerHeight };
    await setViewport({ width: 400, height: 700 });
    try {
      const drawer = await chatWithSlots('floating');
      expect(drawer.frame).to.equal('drawer');
      drawer.open();
      await settle(drawer);
      await expectAllShown(drawer, 'drawer');
    } finally {
      await setViewport(before);
    }

    const ephemeral = await chatWithSlots('ephemeral');
    ephemeral.open();
    await settle(ephemeral);
    await expectAllShown(ephemeral, 'ephemeral');
  });

  it('without host content the default empty line shows, forwarded through the same slots', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('slots-default')}></agent-chat>`);
    const list = messageList(el);
    await waitFor(() => list.shadowRoot!.querySelector('slot[name="empty"]'), { message: 'the empty state' });
    await settle(el);
    const fallback = defaultEmptyLine(el);
    expect(fallback.data).to.equal('Send a message to start.');
    expect(painted(fallback), 'the default empty line is painted').to.equal(true);
    const line = list.shadowRoot!.querySelector('[part~="empty"]')!;
    const lineBox = line.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(fallback);
    const textBox = range.getBoundingClientRect();
    expect(textBox.top >= lineBox.top && textBox.bottom <= lineBox.bottom, 'inside the empty line').to.equal(true);
  });
});
