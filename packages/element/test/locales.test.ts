import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { resolveStrings } from '../src/i18n/strings-context.js';
import { registerLocale } from '../src/index.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { frameOf, launcherButton } from './support/dom.js';
import { waitFor } from './support/wait.js';

describe('locales', () => {
  it('are English until registered; a registered table is picked by its language, with English for what it lacks', async () => {
    expect(resolveStrings('de', undefined).send).to.equal('Send');
    registerLocale('de', { send: 'Senden', stop: 5 as unknown as string });
    expect(resolveStrings('de-AT', undefined).send).to.equal('Senden');
    expect(resolveStrings('DE', undefined).stop, 'a value that is not a string').to.equal('Stop');
    expect(resolveStrings('de', undefined).cancel, 'a key the table lacks').to.equal('Cancel');
    expect(resolveStrings('de', { send: 'Los' }).send, 'a host override').to.equal('Los');
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
    expect(resolveStrings('fr', undefined).send).to.equal('Send');
    await import('../src/i18n/fr.js');
    expect(resolveStrings('fr-CA', undefined).send).to.equal('Envoyer');
  });
});
