import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", used below
import type { AgentChat } from '../src/agent-chat.js';
import type { ErrorDetail, RunFinishDetail } from '../src/events.js';
import { agentServerUrl, scenario, uniqueSession } from './support/agent-server.js';
import { composerButton, errorLines, messageList, userBubbles } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

describe('<agent-chat> errors are shown, never swallowed (real server)', () => {
  it('shows a 404 from a wrong endpoint when loading the history', async () => {
    const endpoint = `${await agentServerUrl()}/api/no-such-agent`;
    const errored = nextEvent<CustomEvent<ErrorDetail>>(document, 'agent-chat-error');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('404')}></agent-chat>`);
    const { detail } = await errored;
    expect(detail.status).to.equal(404);
    await messageList(el).updateComplete;
    const [line] = errorLines(el);
    expect(line, 'an error line').to.exist;
    expect(line!.text).to.contain('Could not load the conversation');
    expect(line!.text).to.contain('404');
  });

  it('shows a 409 clearly when the session already has a run in flight', async () => {
    const endpoint = await scenario('slow');
    const session = uniqueSession('409');
    // Another tab's run, started directly, holds the session.
    const other = new AbortController();
    const busy = await fetch(`${endpoint}/sessions/${session}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'A long one, please' }),
      signal: other.signal,
    });
    expect(busy.status).to.equal(200);

    try {
      const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
      const errored = nextEvent<CustomEvent<ErrorDetail>>(el, 'agent-chat-error');
      const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
      await el.send('Me too');
      expect((await errored).detail).to.deep.include({ status: 409, code: 'conflict' });
      expect((await finished).detail.stopReason).to.equal('error');
      await messageList(el).updateComplete;
      const lines = errorLines(el);
      expect(lines).to.have.length(1);
      // The server's own words say what is wrong and what to do; its code shows beside them.
      expect(lines[0]!.text).to.contain('A run is already in progress');
      expect(lines[0]!.code).to.equal('conflict');
      expect(lines[0]!.shadowRoot!.textContent).to.contain('conflict');
      // The refused message stays visible (after the other run's, from the history) and the composer is usable again.
      expect(userBubbles(el).map((b) => b.text)).to.deep.equal(['A long one, please', 'Me too']);
      expect(composerButton(el).textContent!.trim()).to.equal('Send');
    } finally {
      await fetch(`${endpoint}/sessions/${session}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      other.abort();
    }
  });

  it('shows a network failure when the server cannot be reached', async () => {
    // Port 9 (discard) is closed on the test machine: the connection is refused at once.
    const el = await fixture<AgentChat>(html`<agent-chat endpoint="http://127.0.0.1:9/api" session="offline"></agent-chat>`);
    await waitFor(() => errorLines(el).length > 0, { message: 'the load error' });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await el.send('Hello?');
    expect((await finished).detail.stopReason).to.equal('error');
    await messageList(el).updateComplete;
    const lines = errorLines(el);
    expect(lines).to.have.length(2);
    expect(lines[1]!.text).to.contain('Could not reach the agent server at http://127.0.0.1:9/api');
    expect(lines[1]!.code).to.equal('network');
  });

  it('words the failures it describes itself from the strings table (locale="fr")', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat locale="fr" endpoint="http://127.0.0.1:9/api" session="offline-fr"></agent-chat>`);
    const [load] = await waitFor(() => errorLines(el).length > 0 && errorLines(el), { message: 'the load error' });
    expect(load!.text).to.match(/^Impossible de charger la conversation : Impossible de joindre le serveur de l’agent à http:\/\/127\.0\.0\.1:9\/api : /);
    expect(load!.code).to.equal('network');
  });
});
