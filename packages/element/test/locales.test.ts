import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { resolveTable } from '../src/i18n/locales.js';
import { en, registerLocale } from '../src/index.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { composerButton, deepAll, frameOf, launcherButton, textarea } from './support/dom.js';
import { ASK } from './support/rendering-texts.js';
import { waitFor } from './support/wait.js';

describe('locales', () => {
  it('are English until registered; a registered table is picked by its language, with English for what it lacks', async () => {
    expect(resolveTable(en, 'de', undefined).send).to.equal('Send');
    registerLocale('de', { send: 'Senden', stop: 5 as unknown as string });
    expect(resolveTable(en, 'de-AT', undefined).send).to.equal('Senden');
    expect(resolveTable(en, 'DE', undefined).stop, 'a value that is not a string').to.equal('Stop');
    expect(resolveTable(en, 'de', undefined).cancel, 'a key the table lacks').to.equal('Cancel');
    expect(resolveTable(en, 'de', { send: 'Los' }).send, 'a host override').to.equal('Los');
  });

  it('reach an element already showing that language when they are registered after it rendered', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('locale');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" locale="it" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    await frameOf(el)!.updateComplete;
    expect(launcherButton(el)!.getAttribute('aria-label')).to.equal('Open the chat');
    registerLocale('it', { openChat: 'Apri la chat' });
    await waitFor(() => launcherButton(el)!.getAttribute('aria-label') === 'Apri la chat', { message: 'the late table' });
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('French registers itself when its module is imported', async () => {
    expect(resolveTable(en, 'fr', undefined).send).to.equal('Send');
    await import('../src/i18n/fr.js');
    expect(resolveTable(en, 'fr-CA', undefined).send).to.equal('Envoyer');
  });

  it('reach the conversation, which loads after the shell: its full table follows the locale, a late table and the host’s strings', async () => {
    registerLocale('nl', { openChat: 'Open de chat', send: 'Verstuur' });
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('locale-later');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" locale="nl" endpoint=${endpoint} storage-key=${storageKey}></agent-chat>`);
    expect(launcherButton(el)!.getAttribute('aria-label'), 'the shell’s own text').to.equal('Open de chat');

    el.open();
    await el.updateComplete;
    await waitFor(() => composerButton(el).textContent!.trim() === 'Verstuur', { message: 'the locale in the conversation' });
    expect(textarea(el).getAttribute('aria-label'), 'a key the table lacks stays English').to.equal('Message');

    registerLocale('nl', { openChat: 'Open de chat', send: 'Versturen' });
    await waitFor(() => composerButton(el).textContent!.trim() === 'Versturen', { message: 'a table registered later' });
    el.strings = { send: 'Stuur', closeChat: 'Sluit' };
    await waitFor(() => composerButton(el).textContent!.trim() === 'Stuur', { message: 'the host’s override in the conversation' });
    expect(launcherButton(el)!.getAttribute('aria-label'), 'and in the shell').to.equal('Sluit');
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('reach the cards, whose texts load with them (cardsEn): the locale, the host’s strings, and a change of either', async () => {
    await import('../src/i18n/fr.js');
    const endpoint = await scenario('rendering');
    const el = await fixture<AgentChat>(html`<agent-chat locale="fr" endpoint=${endpoint} session=${uniqueSession('locale-cards')}></agent-chat>`);
    el.strings = { toolDone: 'fini' };
    await el.send(ASK.everyStep);
    const shown = (tag: string, selector: string) => deepAll(el.shadowRoot!, tag).map((part) => part.shadowRoot!.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim());
    const thinking = () => shown('agent-chat-thinking', 'summary')[0];
    const links = () => deepAll(el.shadowRoot!, 'agent-chat-answer-card')[0]?.shadowRoot!.querySelector('[part~="answer-links"]')?.getAttribute('aria-label');
    const chips = () => deepAll(el.shadowRoot!, 'agent-chat-tool-chip').map((chip) => chip.shadowRoot!.textContent!.replace(/\s+/g, ' '));
    await waitFor(() => thinking() === 'Raisonnement', { message: 'the thinking block in French' });
    await waitFor(() => links() === 'Liens', { message: 'the answer card in French' });
    expect(chips().some((chip) => chip.includes('fini')), 'the host’s override of a card text').to.equal(true);

    el.locale = 'en';
    el.strings = undefined;
    await waitFor(() => thinking() === 'Thought process', { message: 'back to English' });
    expect(links()).to.equal('Links');
    expect(chips().some((chip) => chip.includes('done'))).to.equal(true);
  });
});
