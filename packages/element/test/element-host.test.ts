import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ContextConsumer } from '@lit/context';
import '../src/define.js';
import '../src/i18n/fr.js';
import type { AgentChat } from '../src/agent-chat.js';
import { elementHostContext } from '../src/context/element-host.js';
import { STORAGE_PREFIX } from '../src/conversation/session-id.js';
import type { ThreadChangeDetail } from '../src/events.js';
import { threadsEn } from '../src/features/threads/thread-strings.js';
import { Texts } from '../src/i18n/texts.js';
import { ThreadList } from '../src/features/threads/thread-list.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { composer } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue 32.1: a feature reaches <agent-chat> through one contract, the ElementHost context: the endpoint, the session,
// the transport, the language and its texts, a client, and showSession. A stand-in feature reads it here from inside
// an element, as every feature does; the thread view switches conversations through it alone.

/** A feature as small as can be: what it knows of the element is the ElementHost, and its texts come from it. */
class HostReader extends LitElement {
  readonly host = new ContextConsumer(this, { context: elementHostContext, subscribe: true });
  readonly texts = new Texts(this, threadsEn);
}
customElements.define('test-host-reader', HostReader);

if (!customElements.get('agent-chat-thread-list')) customElements.define('agent-chat-thread-list', ThreadList);

/** The reader, put in the element's footer slot once the conversation (which provides the host) is in. */
async function readerIn(el: AgentChat): Promise<HostReader> {
  await el.updateComplete;
  const reader = document.createElement('test-host-reader') as HostReader;
  reader.slot = 'footer';
  el.append(reader);
  await waitFor(() => reader.host.value, { message: 'the element host' });
  return reader;
}

describe('the element host: the one way a feature reaches <agent-chat>', () => {
  it('carries the endpoint, the session, the transport, the language and the texts, and follows the element', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('host');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const reader = await readerIn(el);
    const host = reader.host.value!;
    expect([host.endpoint, host.sessionId, host.transport, host.locale]).to.deep.equal([endpoint, session, 'agent-chat', undefined]);
    expect(reader.texts.value.newThread).to.equal('New conversation');
    expect(host.client()?.endpoint).to.equal(endpoint);

    el.locale = 'fr';
    el.strings = { threads: 'Fils' };
    await waitFor(() => reader.host.value?.locale === 'fr', { message: 'the new language' });
    expect(reader.texts.value.newThread).to.equal('Nouvelle conversation');
    expect(reader.texts.value.threads, 'the page’s override over the language').to.equal('Fils');
    expect(reader.host.value!.texts(threadsEn), 'one table per change, shared by every part').to.equal(reader.texts.value);

    // `transport` is a property like the others: the host, and the client it makes, follow it.
    el.transport = 'ag-ui';
    await waitFor(() => reader.host.value?.transport === 'ag-ui', { message: 'the new transport' });
    expect(reader.host.value!.client()?.transport).to.equal('ag-ui');
  });

  it('showSession switches the element to another conversation: `session`, remembered, said, and the composer focused', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('before')}></agent-chat>`);
    const reader = await readerIn(el);
    const other = uniqueSession('after');
    const said = nextEvent<CustomEvent<ThreadChangeDetail>>(el, 'agent-chat-thread-change');
    reader.host.value!.showSession(other);
    expect((await said).detail).to.deep.equal({ sessionId: other });
    expect(el.session).to.equal(other);
    expect(localStorage.getItem(STORAGE_PREFIX + endpoint)).to.equal(other);
    await waitFor(() => reader.host.value?.sessionId === other, { message: 'the host following the switch' });
    await waitFor(() => composer(el).shadowRoot?.activeElement?.localName === 'textarea', { message: 'the composer focused' });
  });

  it('the thread view switches through showSession, and writes nothing of its own', async () => {
    const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-thread-list></agent-chat-thread-list></test-context-root>`);
    const threads = root.querySelector('agent-chat-thread-list')!;
    await threads.updateComplete;
    threads.shadowRoot!.querySelector<HTMLButtonElement>('.toggle')!.click();
    await threads.updateComplete;
    const stored = localStorage.length;
    threads.shadowRoot!.querySelector<HTMLButtonElement>('.new')!.click();
    expect(root.shownSessions).to.have.length(1);
    expect(root.shownSessions[0]).to.match(/^[0-9a-f-]{32,36}$/);
    expect(localStorage.length, 'no session remembered by the thread view itself').to.equal(stored);
    expect(threads.open, 'the sheet closes').to.equal(false);
  });
});
