import { expect, fixture, html } from '@open-wc/testing';
import type { SessionResponse } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { newSessionId } from '../src/conversation/session-id.js';
import { AgentClient } from '../src/transport/agent-client.js';
import { askHistoryEarly } from '../src/transport/ask-history-early.js';
import { offerEarlyHistory } from '../src/transport/early-history.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { waitFor } from './support/wait.js';

// Issue 18: the history is asked for while the conversation's chunk loads, not once it has (element/load-conversation.ts,
// chunks/early-history.ts). Only a page's first conversation load asks early, so this file's page starts with
// nothing but the shell loaded, and its first test is the one that sees it.

/** A stored conversation to load: one message sent over HTTP, as another tab would, its reply read to the end. */
async function storeMessage(endpoint: string, session: string, text: string): Promise<void> {
  const response = await fetch(`${endpoint}/sessions/${encodeURIComponent(session)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  expect(response.status, await response.clone().text()).to.equal(200);
  await response.text();
}

/** The GETs of this session's history the server saw with this tag. */
async function historyGets(tag: string, session: string): Promise<number> {
  const requests = await taggedRequests(tag);
  return requests.filter((request) => request.method === 'GET' && decodeURIComponent(request.path).endsWith(`/sessions/${session}`)).length;
}

const texts = (parts: { text: string }[]) => parts.map((part) => part.text);

describe('the history, asked for beside the conversation chunk (issue 18)', () => {
  it('asks once, with the adapter’s headers, before the conversation’s parts are defined, and shows it', async () => {
    const endpoint = await scenario('echo');
    // A ":" is encoded in the URL, and the endpoint's trailing slash dropped: the early URL must be the client's.
    const session = `${uniqueSession('early')}:a`;
    await storeMessage(endpoint, session, 'Remember 42');
    const tag = uniqueSession('tag');
    // The page's own modules fill the default buffer of 250 entries: room for the history's.
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(1000);
    let definedAt = Infinity;
    void customElements.whenDefined('agent-chat-message-list').then(() => (definedAt = performance.now()));

    const el = await fixture<AgentChat>(html`<agent-chat
      endpoint=${`${endpoint}/`}
      session=${session}
      .adapter=${{ headers: async () => ({ 'x-test-tag': tag }) }}
    ></agent-chat>`);
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the stored history' });
    expect(texts(userBubbles(el))).to.deep.equal(['Remember 42']);
    expect(texts(assistantBubbles(el))).to.deep.equal([echo('Remember 42')]);

    // One request, taken by the conversation's load: had the URLs differed, the load would have asked again.
    expect(await historyGets(tag, session), 'GETs of the history').to.equal(1);
    const asked = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
      decodeURIComponent(new URL(entry.name).pathname).endsWith(`/sessions/${session}`),
    );
    expect(asked, 'the history’s request').to.not.equal(undefined);
    expect(asked!.startTime, 'asked before the conversation’s parts were defined').to.be.lessThan(definedAt);
  });

  it('asks nothing early where there is nothing to ask: no endpoint, an id this page made up, an AG-UI agent', () => {
    const host = (endpoint: string, sessionId: string, transport: string | null = null) =>
      ({ endpoint, sessionId, adapter: undefined, transport }) as unknown as AgentChat;
    expect(askHistoryEarly(host('', 'stored'))).to.equal(undefined);
    expect(askHistoryEarly(host('/api/x', newSessionId()))).to.equal(undefined);
    expect(askHistoryEarly(host('/api/x', 'stored', 'ag-ui'))).to.equal(undefined);
  });

  it('the client takes an OK early answer for its own URL, once, and asks again after any other', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('taken');
    await storeMessage(endpoint, session, 'Hello');
    const tag = uniqueSession('tag');
    const client = new AgentClient({ endpoint, headers: () => ({ 'x-test-tag': tag }) });
    const url = `${endpoint}/sessions/${session}`;

    // Refused for its credentials (a page whose auth headers came later): asked again, with the headers of now.
    offerEarlyHistory({ url, response: Promise.resolve(new Response('{"error":"unauthorized"}', { status: 401 })) });
    expect((await client.getSession(session)).turns.length, 'the stored turns').to.be.greaterThan(1);
    expect(await historyGets(tag, session), 'after a refused early answer').to.equal(1);

    // A request that failed on the way: asked again.
    offerEarlyHistory({ url, response: Promise.resolve(undefined) });
    await client.getSession(session);
    expect(await historyGets(tag, session), 'after a failed early request').to.equal(2);

    // Its own OK answer is taken as it is, and only once.
    const early: SessionResponse = { sessionId: session, turns: [], pending: [], undoable: false, running: false, lastEventId: 7 };
    offerEarlyHistory({ url, response: Promise.resolve(Response.json(early)) });
    expect(await client.getSession(session)).to.deep.equal(early);
    expect(await historyGets(tag, session), 'the early answer taken').to.equal(2);
    expect((await client.getSession(session)).lastEventId, 'the next load asks the server').to.not.equal(7);
    expect(await historyGets(tag, session), 'the next load').to.equal(3);
  });

  it('an answer asked for a session the load no longer shows is dropped, not kept for a later load', async () => {
    const endpoint = await scenario('echo');
    const [first, shown] = [uniqueSession('first'), uniqueSession('shown')];
    await storeMessage(endpoint, first, 'One');
    const tag = uniqueSession('tag');
    const client = new AgentClient({ endpoint, headers: () => ({ 'x-test-tag': tag }) });
    const stale: SessionResponse = { sessionId: first, turns: [], pending: [], undoable: false, running: false, lastEventId: 7 };
    offerEarlyHistory({ url: `${endpoint}/sessions/${first}`, response: Promise.resolve(Response.json(stale)) });

    expect((await client.getSession(shown)).sessionId, 'the session shown now').to.equal(shown);
    const later = await client.getSession(first);
    expect(later.lastEventId, 'the first session, asked anew').to.not.equal(7);
    expect(later.turns.length).to.be.greaterThan(1);
    expect(await historyGets(tag, first), 'GETs of the first session').to.equal(1);
  });

  it('a session the server does not know, answered early, is an empty conversation without asking again', async () => {
    const endpoint = await scenario('echo');
    const unknown = uniqueSession('unknown');
    const url = `${endpoint}/sessions/${unknown}`;
    const empty = { sessionId: unknown, turns: [], pending: [], undoable: false, running: false, lastEventId: 0 };
    // The server's own answer as the early request gets it (the empty history), and an older server's 404 naming
    // the session (before issue #31), which the element still takes for the same empty conversation.
    const older = () => Response.json({ error: { code: 'not_found', message: `No session "${unknown}" here.`, field: 'sessionId' } }, { status: 404 });
    for (const [name, answer] of [['this server', () => fetch(url)], ['an older server', async () => older()]] as const) {
      const tag = uniqueSession('tag');
      offerEarlyHistory({ url, response: answer() });
      const client = new AgentClient({ endpoint, headers: () => ({ 'x-test-tag': tag }) });
      expect(await client.getSession(unknown), name).to.deep.equal(empty);
      expect(await historyGets(tag, unknown), `GETs after the early answer of ${name}`).to.equal(0);
    }
  });

  it('a load aborted while its early answer waits for the frame rejects, as a request would', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('aborted');
    const early: SessionResponse = { sessionId: session, turns: [], pending: [], undoable: false, running: false, lastEventId: 7 };
    offerEarlyHistory({ url: `${endpoint}/sessions/${session}`, response: Promise.resolve(Response.json(early)) });
    const abort = new AbortController();
    const loading = new AgentClient({ endpoint }).getSession(session, abort.signal);
    abort.abort();
    const error = await loading.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect((error as DOMException | undefined)?.name).to.equal('AbortError');
  });
});
