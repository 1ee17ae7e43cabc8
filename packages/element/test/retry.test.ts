import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", used below
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, errorLines, messageList, userBubbles } from './support/dom.js';
import { waitFor } from './support/wait.js';

const retryButton = (el: AgentChat) => errorLines(el).at(-1)?.shadowRoot?.querySelector<HTMLButtonElement>('[part="retry-button"]') ?? null;

describe('<agent-chat> Retry on the last error (real server)', () => {
  it('offers Retry on a failed reply; pressing it sends the message again and the answer arrives', async () => {
    const endpoint = await scenario('flaky');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('retry')}></agent-chat>`);
    await el.send('Summarize the quarter');
    await messageList(el).updateComplete;
    const [line] = errorLines(el);
    expect(line!.text).to.contain('sent nothing for 60 s');
    const button = await waitFor(() => retryButton(el), { message: 'the Retry button' });
    expect(button.textContent).to.equal('Retry');

    button.click();
    await waitFor(() => assistantBubbles(el).find((bubble) => bubble.text.includes('Summarize the quarter')), { message: 'the answer after Retry' });
    await waitFor(() => !el.running, { message: 'the run to end' });
    // The same message, sent again: once on screen (issue #20, point 7).
    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal(['Summarize the quarter']);
    // The error is no longer the last line: no Retry any more.
    await messageList(el).updateComplete;
    expect(retryButton(el) === null, 'no Retry once the error is not the last line').to.equal(true);
    // The failed try stays, as the server keeps it, and the answer follows it in the same turn.
    expect(el.turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text', 'error', 'assistant_text']);
  });

  it('speaks the element’s language, and is not offered while a reply streams', async () => {
    const endpoint = await scenario('flaky');
    const el = await fixture<AgentChat>(html`<agent-chat locale="fr" endpoint=${endpoint} session=${uniqueSession('retry-fr')}></agent-chat>`);
    await el.send('Bonjour');
    const button = await waitFor(() => retryButton(el), { message: 'the Retry button' });
    expect(button.textContent).to.equal('Réessayer');
    const again = el.send('Encore');
    await waitFor(() => el.running, { message: 'a run in flight' });
    // Gone with the update that shows the new message (the turn hands Retry to the line, two renders down).
    await waitFor(() => retryButton(el) === null, { message: 'Retry to go once a reply streams' });
    expect(el.turns.at(-1)?.type).not.to.equal('error');
    await again;
  });
});
