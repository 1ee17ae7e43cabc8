import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", used below
import type { AgentChat, LayoutMode } from '../src/agent-chat.js';
import type { OpenDetail } from '../src/events.js';
import { DEFAULT_HIDE_AFTER_MS } from '../src/ui/layout/ephemeral-state.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, frameOf, framePart, launcherButton, messageList, textarea, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

const texts = (parts: { text: string }[]) => parts.map((p) => p.text);

async function switchTo(el: AgentChat, mode: LayoutMode): Promise<void> {
  el.setAttribute('mode', mode);
  await el.updateComplete;
  await frameOf(el)?.updateComplete;
}

describe('<agent-chat> layout modes', () => {
  it('renders each mode, and switching at run time keeps the conversation and the draft', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('modes');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('modes')} storage-key=${storageKey}></agent-chat>`);
    expect(el.frame).to.equal('inline');
    expect(el.shadowRoot!.querySelector('[part="panel"]')).to.exist;
    await el.send('Remember me');
    textarea(el).focus();
    await sendKeys({ type: 'half-written' });

    const expectConversation = async (where: string) => {
      await waitFor(() => assistantBubbles(el).length === 1, { message: `the conversation in ${where}` });
      expect(texts(userBubbles(el)), where).to.deep.equal(['Remember me']);
      expect(texts(assistantBubbles(el)), where).to.deep.equal([echo('Remember me')]);
      expect(textarea(el).value, `the draft in ${where}`).to.equal('half-written');
    };

    await switchTo(el, 'floating');
    expect(el.frame).to.equal('floating');
    expect(framePart(el, 'panel')!.hidden, 'floating starts closed').to.equal(true);
    el.open();
    await el.updateComplete;
    await frameOf(el)!.updateComplete;
    expect(framePart(el, 'panel')!.hidden).to.equal(false);
    expect(getComputedStyle(framePart(el, 'panel')!).position).to.equal('fixed');
    await expectConversation('floating');

    await switchTo(el, 'docked');
    expect(el.frame).to.equal('docked');
    expect(framePart(el, 'panel')).to.exist;
    await expectConversation('docked');

    await switchTo(el, 'ephemeral');
    expect(el.frame).to.equal('ephemeral');
    expect(framePart(el, 'input-bar')).to.exist;
    expect(framePart(el, 'output')!.hidden, 'the output starts hidden').to.equal(true);
    await expectConversation('ephemeral');

    await switchTo(el, 'hidden');
    expect(el.frame).to.equal('none');
    expect(el.shadowRoot!.querySelector('agent-chat-message-list')).to.equal(null);
    expect(getComputedStyle(el).display).to.equal('none');
    expect(el.turns).to.have.length(2);

    await switchTo(el, 'inline');
    await expectConversation('inline again');
    expect(getComputedStyle(document.documentElement).getPropertyValue('--agent-chat-docked-width'), 'docked gave its room back').to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('open(), close() and toggle() fire agent-chat-open and agent-chat-close', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('open');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    const events: string[] = [];
    el.addEventListener('agent-chat-open', (e) => events.push(`open:${(e as CustomEvent<OpenDetail>).detail.frame}`));
    el.addEventListener('agent-chat-close', (e) => events.push(`close:${(e as CustomEvent<OpenDetail>).detail.frame}`));
    const opened = nextEvent(document, 'agent-chat-open');
    el.open();
    await opened; // bubbles and is composed: a host listens anywhere above
    el.open();
    el.toggle();
    el.toggle();
    el.close();
    expect(events).to.deep.equal(['open:floating', 'close:floating', 'open:floating', 'close:floating']);
    expect(el.opened).to.equal(false);
    await el.updateComplete;
    expect(el.hasAttribute('open')).to.equal(false);
    el.open();
    await el.updateComplete;
    expect(el.getAttribute('open'), 'reflected').to.equal('');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('inline fills the container it is put in', async () => {
    const endpoint = await scenario('echo');
    const box = await fixture<HTMLDivElement>(html`<div style="height: 500px; width: 320px">
      <agent-chat endpoint=${endpoint} session=${uniqueSession('inline')}></agent-chat>
    </div>`);
    const el = box.querySelector('agent-chat')!;
    await el.updateComplete;
    const rect = el.getBoundingClientRect();
    expect(rect.height).to.equal(500);
    expect(rect.width).to.equal(320);
    expect(messageList(el).getBoundingClientRect().height).to.be.greaterThan(300);
  });

  it('speaks the strings table’s language: locale and strings', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('fr');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" locale="fr" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await frameOf(el)!.updateComplete;
    expect(launcherButton(el)!.getAttribute('aria-label')).to.equal('Ouvrir la discussion');
    el.strings = { openChat: 'Parler à Factly' };
    await el.updateComplete;
    await frameOf(el)!.updateComplete;
    await waitFor(() => launcherButton(el)!.getAttribute('aria-label') === 'Parler à Factly', { message: 'the override' });
    expect(framePart(el, 'panel')!.getAttribute('aria-label')).to.equal('Assistant');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('an ephemeral element hides its output after the ephemeral frame’s default unless told otherwise', async () => {
    const el = document.createElement('agent-chat');
    // The shell writes the number out rather than import the frame's state machine into the first load.
    expect(el.hideAfter).to.equal(DEFAULT_HIDE_AFTER_MS);
  });
});
