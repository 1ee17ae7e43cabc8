import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { defineTurnParts } from '../src/features/message-list/define-turn-parts.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import type { Turn } from '@agent-chat/protocol';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { composerButton, userBubbles } from './support/dom.js';
import { waitFor } from './support/wait.js';

defineTurnParts();

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(13, 17, 23)';

/** The user's first message bubble, as drawn (the part inside <agent-chat-message>). */
async function userBubble(el: AgentChat): Promise<HTMLElement> {
  const message = await waitFor(() => userBubbles(el)[0], { message: "the user's bubble" });
  await message.updateComplete;
  return message.shadowRoot!.querySelector<HTMLElement>('[part~="bubble"]')!;
}

function panel(el: AgentChat): HTMLElement {
  const found = el.shadowRoot!.querySelector<HTMLElement>('[part~="panel"]');
  if (!found) throw new Error('no panel part');
  return found;
}

/** A style element in the host page, removed after the test, as an integrator's stylesheet would be. */
function pageStyle(text: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = text;
  document.head.append(style);
  return style;
}

describe('theming across the shadow DOM', () => {
  const styles: HTMLStyleElement[] = [];
  afterEach(async () => {
    for (const style of styles.splice(0)) style.remove();
    await emulateMedia({ colorScheme: 'light' });
  });

  it('a custom property set on the element changes the panel, and ::part(panel) restyles it from the page', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline"></agent-chat>`);
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal(LIGHT_BG);
    el.style.setProperty('--agent-chat-background', 'rgb(1, 2, 3)');
    el.style.setProperty('--agent-chat-radius', '3px');
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(panel(el)).borderTopLeftRadius).to.equal('3px');

    styles.push(pageStyle('agent-chat::part(panel) { border-top-width: 7px; }'));
    expect(getComputedStyle(panel(el)).borderTopWidth).to.equal('7px');
  });

  it('follows prefers-color-scheme, and the theme attribute overrides it both ways', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline"></agent-chat>`);
    await emulateMedia({ colorScheme: 'dark' });
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal(DARK_BG);
    el.setAttribute('theme', 'light');
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal(LIGHT_BG);
    await emulateMedia({ colorScheme: 'light' });
    el.setAttribute('theme', 'dark');
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal(DARK_BG);
    // A host's own colour still wins over the palette.
    el.style.setProperty('--agent-chat-background', 'rgb(4, 5, 6)');
    expect(getComputedStyle(panel(el)).backgroundColor).to.equal('rgb(4, 5, 6)');
  });

  it("--agent-chat-accent recolours the user's bubbles with the buttons; --agent-chat-user-background still wins", async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('accent')}></agent-chat>`);
    await el.send('Hello');
    const bubble = await userBubble(el);
    // The defaults: the palette's accent, light, then dark.
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(29, 78, 216)');
    el.setAttribute('theme', 'dark');
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(68, 147, 248)');
    expect(getComputedStyle(bubble).color, 'text on the dark accent').to.equal(DARK_BG);
    el.removeAttribute('theme');

    el.style.setProperty('--agent-chat-accent', 'rgb(124, 58, 237)');
    el.style.setProperty('--agent-chat-accent-foreground', 'rgb(250, 250, 249)');
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(124, 58, 237)');
    expect(getComputedStyle(bubble).color).to.equal('rgb(250, 250, 249)');
    await waitFor(() => !el.running, { message: 'the reply to end' });
    const send = composerButton(el);
    expect(getComputedStyle(send).backgroundColor, 'the Send button, the same accent').to.equal('rgb(124, 58, 237)');

    el.style.setProperty('--agent-chat-user-background', 'rgb(5, 150, 105)');
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(5, 150, 105)');
    expect(getComputedStyle(send).backgroundColor, 'the buttons keep the accent').to.equal('rgb(124, 58, 237)');
  });

  it('a part used on its own takes the light palette, and the accent set around it', async () => {
    const root = await fixture<HTMLElement>(html`<div><agent-chat-message sender="user" .text=${'Hi'}></agent-chat-message></div>`);
    const message = root.querySelector('agent-chat-message')!;
    await message.updateComplete;
    const bubble = message.shadowRoot!.querySelector<HTMLElement>('[part~="bubble"]')!;
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(29, 78, 216)');
    expect(getComputedStyle(bubble).color).to.equal(LIGHT_BG);
    root.style.setProperty('--agent-chat-accent', 'rgb(124, 58, 237)');
    expect(getComputedStyle(bubble).backgroundColor).to.equal('rgb(124, 58, 237)');
  });

  it('exports the parts of a turn: ::part(tool-chip) and ::part(card) reach through the nested shadow roots', async () => {
    const turns: Turn[] = [
      { id: 'u', createdAt: 1, type: 'user', text: 'x' },
      { id: 'c', createdAt: 1, type: 'tool_call', toolCallId: 'k', name: 'lookup', input: {}, kind: 'read', label: 'Looking up' },
      { id: 'r', createdAt: 1, type: 'tool_result', toolCallId: 'k', output: 'ok', isError: false },
    ];
    const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-turn></agent-chat-turn></test-context-root>`);
    const turn = root.querySelector('agent-chat-turn')!;
    turn.group = groupTurns(toDisplayItems(turns, false), { tools: new Map(), pending: [] })[0];
    await turn.updateComplete;
    const chip = turn.shadowRoot!.querySelector('agent-chat-tool-chip')!;
    await (chip as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    const chipPart = chip.shadowRoot!.querySelector('[part~="tool-chip"]')!;
    styles.push(pageStyle('agent-chat-turn::part(tool-chip) { border-top-color: rgb(9, 8, 7); }'));
    expect(getComputedStyle(chipPart).borderTopColor).to.equal('rgb(9, 8, 7)');
  });

  it('mirrors for dir="rtl": the steps use logical properties', async () => {
    const turns: Turn[] = [
      { id: 'u', createdAt: 1, type: 'user', text: 'x' },
      { id: 't', createdAt: 1, type: 'thinking', text: 'hmm' },
    ];
    const root = await fixture<TestContextRoot>(html`<test-context-root dir="rtl"><agent-chat-turn></agent-chat-turn></test-context-root>`);
    const turn = root.querySelector('agent-chat-turn')!;
    turn.group = groupTurns(toDisplayItems(turns, false), { tools: new Map(), pending: [] })[0];
    await turn.updateComplete;
    const thinking = turn.shadowRoot!.querySelector('agent-chat-thinking')!;
    await (thinking as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    const text = thinking.shadowRoot!.querySelector('.text')!;
    // The thinking's rule sits on the start side: the right in a right-to-left page.
    expect(getComputedStyle(text).borderRightWidth).to.equal('2px');
    expect(getComputedStyle(text).borderLeftWidth).to.equal('0px');
  });
});
