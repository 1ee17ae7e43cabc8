import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { MessageSentDetail, RunFinishDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composerButton, messageList, queuedBubbles, shownText, statusLines, textarea } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

function recordSent(el: AgentChat): string[] {
  const sent: string[] = [];
  el.addEventListener('agent-chat-message-sent', (event) => sent.push((event as CustomEvent<MessageSentDetail>).detail.text));
  return sent;
}

async function typeAndEnter(el: AgentChat, text: string): Promise<void> {
  textarea(el).focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

describe('<agent-chat> queue: the input is never blocked (seed 000 §3.7)', () => {
  it('a message sent mid-run is shown as queued and sent after done', async () => {
    const endpoint = await scenario('paced');
    const session = uniqueSession('queue');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const sent = recordSent(el);
    const first = el.send('long first');
    await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the first reply to stream' });

    await typeAndEnter(el, 'second');
    expect(textarea(el).disabled).to.equal(false);
    expect(textarea(el).value).to.equal('');
    await messageList(el).updateComplete;
    const [queued, ...more] = queuedBubbles(el);
    expect(more).to.have.length(0);
    expect(shownText(queued!)).to.contain('second').and.contain('Queued');
    expect(sent, 'not sent yet').to.deep.equal(['long first']);
    expect(composerButton(el).textContent!.trim()).to.equal('Stop');

    await first;
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the queued message’s reply' });
    expect(sent).to.deep.equal(['long first', 'second']);
    expect(queuedBubbles(el)).to.have.length(0);
    expect(assistantBubbles(el)[1]!.text).to.equal(echo('second'));
    await waitFor(() => !el.running, { message: 'the end of the second run' });
    const stored = await storedSession(endpoint, session);
    expect(stored.turns.filter((t) => t.type === 'user').map((t) => (t as { text: string }).text)).to.deep.equal(['long first', 'second']);
  });

  it('Stop ends the run with cancelled, then the queued message goes', async () => {
    const endpoint = await scenario('paced');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('queue-stop')}></agent-chat>`);
    const sent = recordSent(el);
    const finishes: string[] = [];
    el.addEventListener('agent-chat-run-finish', (event) => finishes.push((event as CustomEvent<RunFinishDetail>).detail.stopReason));
    void el.send('long one');
    await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the reply to stream' });
    await typeAndEnter(el, 'then this');
    composerButton(el).click();
    await waitFor(() => finishes.length === 2, { message: 'both runs to finish' });
    expect(finishes).to.deep.equal(['cancelled', 'end_turn']);
    expect(sent).to.deep.equal(['long one', 'then this']);
    await messageList(el).updateComplete;
    expect(statusLines(el).map((line) => line.text)).to.deep.equal(['Stopped by user']);
    expect(assistantBubbles(el).at(-1)!.text).to.equal(echo('then this'));
  });

  it('a queued message can be taken back', async () => {
    const endpoint = await scenario('paced');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('queue-undo')}></agent-chat>`);
    const sent = recordSent(el);
    const first = el.send('long again');
    const queued = el.send('never mind');
    await messageList(el).updateComplete;
    queuedBubbles(el)[0]!.querySelector('button')!.click();
    await queued; // resolves without sending
    await first;
    await messageList(el).updateComplete;
    expect(queuedBubbles(el)).to.have.length(0);
    expect(sent).to.deep.equal(['long again']);
  });

  it('lock-while-streaming gives seed 003’s disabled input instead', async () => {
    const endpoint = await scenario('paced');
    const el = await fixture<AgentChat>(html`<agent-chat lock-while-streaming endpoint=${endpoint} session=${uniqueSession('lock')}></agent-chat>`);
    const finished = nextEvent(el, 'agent-chat-run-finish');
    void el.send('long locked');
    await waitFor(() => el.running && textarea(el).disabled, { message: 'the input disabled while streaming' });
    expect(composerButton(el).textContent!.trim()).to.equal('Stop');
    await finished;
    await waitFor(() => !textarea(el).disabled, { message: 'the input enabled again' });
  });
});
