import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composerButton, messageList, statusLines, userBubbles } from './support/dom.js';
import { eventsIn, recordEventStreams, type StreamRecorder } from './support/record-streams.js';
import { SLOW_TEXT } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

describe('<agent-chat> Stop (real server)', () => {
  let recorder: StreamRecorder;
  beforeEach(() => {
    recorder = recordEventStreams();
  });
  afterEach(() => recorder.restore());

  it('stops a run mid-stream: the server ends it with done/cancelled, and the history shows the partial reply', async () => {
    const endpoint = await scenario('slow');
    const session = uniqueSession('stop');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });

    void el.send('Tell me something long');
    await waitFor(() => (assistantBubbles(el)[0]?.text.length ?? 0) >= 12, { message: 'some streamed text' });
    const button = composerButton(el);
    expect(button.textContent!.trim()).to.equal('Stop');
    button.click();

    // From the element's event…
    expect((await finished).detail.stopReason).to.equal('cancelled');
    await messageList(el).updateComplete;
    expect(el.running).to.equal(false);
    expect(statusLines(el).map((line) => line.text)).to.deep.equal(['Stopped by user']);
    expect(composerButton(el).textContent!.trim()).to.equal('Send');
    const shown = assistantBubbles(el)[0]!.text;
    expect(shown.length).to.be.lessThan(SLOW_TEXT.length);

    // …from what the server itself sent on the stream (so it was POST /cancel, not a dropped connection)…
    expect(recorder.streams).to.have.length(1);
    const events = eventsIn(await recorder.streams[0]!);
    const done = events.at(-1)!;
    expect(done.type).to.equal('done');
    expect(done.data.stopReason).to.equal('cancelled');

    // …and from the stored history.
    const stored = await storedSession(endpoint, session);
    expect(stored.running).to.equal(false);
    expect(stored.lastEventId).to.equal(done.id);
    // The server keeps the stop as a status turn, so a reload still says the run was stopped.
    expect(stored.turns.map((t) => t.type)).to.deep.equal(['user', 'assistant_text', 'status']);
    expect(stored.turns[2]).to.deep.include({ text: 'Stopped by user', code: 'cancelled' });
    const storedText = (stored.turns[1] as { text: string }).text;
    expect(SLOW_TEXT.startsWith(storedText)).to.equal(true);
    expect(storedText.length).to.be.lessThan(SLOW_TEXT.length);
    expect(storedText).to.equal(shown);

    // A reload shows the stored line, once.
    el.remove();
    const reloaded = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await waitFor(() => assistantBubbles(reloaded).length === 1, { message: 'the stored history' });
    expect(statusLines(reloaded).map((line) => line.text)).to.deep.equal(['Stopped by user']);
    expect(userBubbles(reloaded)).to.have.length(1);
  });

  it('can send again after a stop', async () => {
    const endpoint = await scenario('slow');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('again')}></agent-chat>`);
    void el.send('one');
    await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the first reply to start' });
    await el.stop();
    void el.send('two');
    await waitFor(() => assistantBubbles(el)[1]?.text, { message: 'the second reply to start' });
    await el.stop();
    expect(statusLines(el).map((line) => line.text)).to.deep.equal(['Stopped by user', 'Stopped by user']);
  });
});
