import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, confirmCards, errorLines, statusLines } from './support/dom.js';
import { SLOW_TEXT, DROPPED_TEXT } from './support/scenario-texts.js';
import { waitFor } from './support/wait.js';

describe('<agent-chat> streams that survive a dropped connection (real server)', () => {
  it('reconnects with the last event id when the connection drops mid-reply: the text is whole, nothing twice', async () => {
    const endpoint = await scenario('dropping');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('drop')}></agent-chat>`);
    // What the conversation held at any moment (the line is there only while it reconnects).
    const lines = new Set<string>();
    const watcher = setInterval(() => {
      for (const turn of el.turns) if (turn.type === 'status') lines.add(turn.text);
    }, 2);
    const finished = new Promise<string>((resolve) =>
      el.addEventListener('agent-chat-run-finish', (event) => resolve((event as CustomEvent<{ stopReason: string }>).detail.stopReason), { once: true }),
    );
    await el.send('Tell me everything');
    expect(await finished).to.equal('end_turn');
    clearInterval(watcher);
    expect(el.turns.filter((turn) => turn.type === 'assistant_text').map((turn) => ('text' in turn ? turn.text : ''))).to.deep.equal([DROPPED_TEXT]);
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([DROPPED_TEXT]);
    expect(errorLines(el)).to.have.length(0);
    // The quiet line came while it reconnected, and went.
    expect([...lines]).to.include('Reconnecting…');
    expect(statusLines(el).map((line) => line.shownText)).not.to.include('Reconnecting…');
  });

  it('a second element on the same session follows the run in flight to its end', async () => {
    const endpoint = await scenario('slow');
    const session = uniqueSession('second-tab');
    const first = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const sent = first.send('A long one, please');
    await waitFor(() => assistantBubbles(first)[0]?.text, { message: 'the first tab streaming' });
    const second = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await waitFor(() => second.running, { message: 'the second tab following the run' });
    await sent;
    await waitFor(() => !second.running, { message: 'the second tab seeing the end' });
    const texts = (el: AgentChat) => el.turns.filter((turn) => turn.type === 'assistant_text').map((turn) => ('text' in turn ? turn.text : ''));
    expect(texts(second)).to.deep.equal([SLOW_TEXT]);
    expect(texts(first)).to.deep.equal([SLOW_TEXT]);
  });

  it('a second element showing a pending approval sees it answered in the first: its card gives way to the outcome', async () => {
    const endpoint = await scenario('confirm');
    const session = uniqueSession('answered-elsewhere');
    const first = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await first.send('delete it');
    const tag = uniqueSession('second-tab-requests');
    const second = await fixture<AgentChat>(
      html`<agent-chat endpoint=${endpoint} session=${session} .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }}></agent-chat>`,
    );
    const waiting = await waitFor(() => confirmCards(second)[0], { message: 'the card in the second tab' });
    await waiting.updateComplete;
    expect(waiting.status).to.equal('pending');
    // Waiting for another tab's answer is not a run: the second tab can still type, and shows no Stop. Checked once
    // it waits (its GET /stream?wait=1 has reached the server), not 300 ms in, which a busy machine may spend before.
    for (let tries = 0; !(await taggedRequests(tag)).some((request) => request.method === 'GET' && request.path.endsWith('/stream')); tries++) {
      if (tries === 500) throw new Error('the second tab never started waiting for the next run');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second.running).to.equal(false);

    const card = await waitFor(() => confirmCards(first)[0], { message: 'the card in the first tab' });
    await card.updateComplete;
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part="card-confirm"]')!.click();

    await waitFor(() => assistantBubbles(second).map((bubble) => bubble.text).join() === 'Deleted F-1.', {
      message: 'the outcome in the second tab',
    });
    await waitFor(() => confirmCards(second)[0]?.status === 'applied', { message: 'the second tab’s card to read applied' });
    await waitFor(() => !second.running, { message: 'the second tab idle again' });
    expect(assistantBubbles(first).map((bubble) => bubble.text)).to.deep.equal(['Deleted F-1.']);
    expect(errorLines(second)).to.have.length(0);
    expect(second.turns.filter((turn) => turn.type === 'tool_result')).to.have.length(1);
  });
});
