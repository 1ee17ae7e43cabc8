import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, messageList, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { waitFor } from './support/wait.js';

const texts = (parts: { text: string }[]) => parts.map((p) => p.text);

describe('<agent-chat> history (real server)', () => {
  it('a new element on the same session shows the stored conversation', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('history');
    const first = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await first.send('Remember 42');
    await first.send('And 7');
    first.remove();

    const second = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await waitFor(() => assistantBubbles(second).length === 2, { message: 'the stored history' });
    expect(texts(userBubbles(second))).to.deep.equal(['Remember 42', 'And 7']);
    expect(texts(assistantBubbles(second))).to.deep.equal([echo('Remember 42'), echo('And 7')]);
  });

  it('without a session attribute, keeps a generated session in localStorage so a reload continues it', async () => {
    const endpoint = await scenario('echo');
    const key = `agent-chat:session:${endpoint}`;
    localStorage.removeItem(key);
    const first = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint}></agent-chat>`);
    const sessionId = first.sessionId;
    expect(sessionId).to.match(/^[A-Za-z0-9._:-]+$/);
    expect(localStorage.getItem(key)).to.equal(sessionId);
    await first.send('Hello again');
    first.remove();

    const second = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint}></agent-chat>`);
    expect(second.sessionId).to.equal(sessionId);
    await waitFor(() => assistantBubbles(second).length === 1, { message: 'the remembered conversation' });
    expect(texts(userBubbles(second))).to.deep.equal(['Hello again']);
    localStorage.removeItem(key);
  });

  it('clear() forgets the conversation here and on the server', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('clear');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await el.send('Forget me');
    await el.clear();
    expect(el.turns).to.have.length(0);
    await messageList(el).updateComplete;
    expect(userBubbles(el)).to.have.length(0);
    // Gone on the server: an empty history, as for a session that never was.
    const left = await fetch(`${endpoint}/sessions/${encodeURIComponent(session)}`);
    expect(left.status).to.equal(200);
    expect(((await left.json()) as { turns: unknown[] }).turns).to.deep.equal([]);
  });

  it('does not ask for the history of a session it has just made up, and does once something was sent on it', async () => {
    const endpoint = await scenario('echo');
    const key = `agent-chat:session:${endpoint}`;
    localStorage.removeItem(key);
    const tag = uniqueSession('fresh');
    const first = await fixture<AgentChat>(html`<agent-chat mode="inline"></agent-chat>`);
    first.adapter = { headers: () => ({ 'x-test-tag': tag }) };
    first.endpoint = endpoint;
    await first.updateComplete;
    await messageList(first).updateComplete;
    const sessionId = first.sessionId;
    await first.send('First words');
    const history = `GET /api/echo/sessions/${sessionId}`;
    // Nothing but the message: no GET of a history the server cannot have (a request spent on an empty answer).
    const sessionCalls = (await taggedRequests(tag)).filter((r) => r.path.includes('/sessions/')).map((r) => `${r.method} ${r.path}`);
    expect(sessionCalls).to.deep.equal([`POST /api/echo/sessions/${sessionId}/messages`]);
    first.remove();

    // The same page, a new element on the remembered session: now there is a history to ask for.
    const second = await fixture<AgentChat>(html`<agent-chat mode="inline"></agent-chat>`);
    second.adapter = { headers: () => ({ 'x-test-tag': tag }) };
    second.endpoint = endpoint;
    await waitFor(() => userBubbles(second).length === 1, { message: 'the stored message' });
    expect(second.sessionId).to.equal(sessionId);
    // Set with the endpoint in one update, the adapter's headers are on that first request too.
    expect((await taggedRequests(tag)).map((r) => `${r.method} ${r.path}`)).to.include(history);
    localStorage.removeItem(key);
  });
});
