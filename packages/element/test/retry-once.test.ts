import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ErrorDetail } from '../src/events.js';
import { scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, errorLines, messageList, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { waitFor } from './support/wait.js';

// Errors you can act on (issue #20, point 7): a failed run, or a message that never reached the server, shows Retry
// on its error line; Retry sends the same message once more, and the conversation holds it once, here, on the server
// and after a reload.

const retryButton = (el: AgentChat) => errorLines(el).at(-1)?.shadowRoot?.querySelector<HTMLButtonElement>('[part="retry-button"]') ?? null;
const userTexts = (el: AgentChat) => userBubbles(el).map((bubble) => bubble.text);

/** An element on `name`'s scenario whose requests carry a tag, so the test can read what the server was sent. */
async function chat(name: string, session: string, tag: string): Promise<AgentChat> {
  const endpoint = await scenario(name);
  return fixture<AgentChat>(
    html`<agent-chat endpoint=${endpoint} session=${session} .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }}></agent-chat>`,
  );
}

const messagePosts = async (tag: string) =>
  (await taggedRequests(tag)).filter((request) => request.method === 'POST' && request.path.endsWith('/messages')).map((request) => request.body);

describe('<agent-chat> Retry sends the turn again, once (real server)', () => {
  it('after a failed run: the same message goes again as a retry of its turn; the message is there once, live and reloaded', async () => {
    const session = uniqueSession('retry-run');
    const tag = uniqueSession('tag-run');
    const el = await chat('flaky', session, tag);
    await el.send('Summarize the quarter');
    const button = await waitFor(() => retryButton(el), { message: 'Retry on the failed run' });

    button.click();
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === echo('Summarize the quarter')), { message: 'the answer' });
    await waitFor(() => !el.running, { message: 'the run to end' });
    await messageList(el).updateComplete;
    expect(userTexts(el)).to.deep.equal(['Summarize the quarter']);
    expect(retryButton(el)).to.equal(null);

    // Sent twice, the second time naming the stored turn; the server ran it again and stored the message once.
    const [first, second] = await messagePosts(tag);
    const stored = await storedSession(await scenario('flaky'), session);
    const userTurn = stored.turns.find((turn) => turn.type === 'user')!;
    expect(first).to.deep.equal({ text: 'Summarize the quarter' });
    expect(second).to.deep.equal({ text: 'Summarize the quarter', retryOf: userTurn.id });
    expect(stored.turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text', 'error', 'assistant_text']);
    expect(el.turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text', 'error', 'assistant_text']);
    expect(el.turns[0]!.id).to.equal(userTurn.id);

    // A reload shows what was shown: the message once, the failed try, its answer; no Retry.
    const reloaded = await chat('flaky', session, tag);
    await waitFor(() => assistantBubbles(reloaded).length === 2, { message: 'the reloaded conversation' });
    await messageList(reloaded).updateComplete;
    expect(userTexts(reloaded)).to.deep.equal(['Summarize the quarter']);
    expect(errorLines(reloaded)).to.have.length(1);
    expect(retryButton(reloaded)).to.equal(null);
  });

  it('after a network error (the message never reached the server): Retry sends it, and it is stored once', async () => {
    const session = uniqueSession('retry-network');
    const tag = uniqueSession('tag-network');
    const el = await chat('unreachable-once', session, tag);
    const errors: ErrorDetail[] = [];
    el.addEventListener('agent-chat-error', (event) => errors.push(event.detail));
    await el.send('Draft the agenda');
    const button = await waitFor(() => retryButton(el), { message: 'Retry on the network error' });
    expect(errorLines(el).map((line) => line.code)).to.deep.equal(['network']);
    expect(errors.map((error) => error.code)).to.deep.equal(['network']);

    button.click();
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text === echo('Draft the agenda')), { message: 'the answer' });
    await waitFor(() => !el.running, { message: 'the run to end' });
    await messageList(el).updateComplete;
    // The network error's line is gone with the retry that answered it: nothing on the server had failed.
    expect(userTexts(el)).to.deep.equal(['Draft the agenda']);
    expect(errorLines(el)).to.have.length(0);

    const posts = await messagePosts(tag);
    expect(posts).to.have.length(2);
    const stored = await storedSession(await scenario('unreachable-once'), session);
    expect(stored.turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text']);
    // The element's copy of the message took the stored id: a reload shows the same turns, not one more.
    expect(el.turns.map((turn) => turn.id)).to.deep.equal(stored.turns.map((turn) => turn.id));
  });
});
