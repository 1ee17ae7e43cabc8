import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, errorLines, statusLines } from './support/dom.js';
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
});
