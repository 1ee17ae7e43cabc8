import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail, RunStartDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import {
  assistantBubbles,
  composerButton,
  errorLines,
  messageList,
  shownText,
  textarea,
  thinkingBlocks,
  toolChips,
  userBubbles,
} from './support/dom.js';
import { BASIC } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

describe('<agent-chat> sending a message (real server)', () => {
  it('shows the message at once, then the thinking, a labelled tool chip with its result, and the streamed text', async () => {
    const endpoint = await scenario('basic');
    const session = uniqueSession('basic');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);

    textarea(el).focus();
    await sendKeys({ type: 'Where is order A-17?' });
    const started = nextEvent<CustomEvent<RunStartDetail>>(el, 'agent-chat-run-start');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    composerButton(el).click();

    expect((await started).detail).to.deep.equal({ sessionId: session, text: 'Where is order A-17?' });
    await messageList(el).updateComplete;
    expect(userBubbles(el).map((b) => b.text)).to.deep.equal(['Where is order A-17?']);
    expect(textarea(el).value).to.equal('');

    expect((await finished).detail.stopReason).to.equal('end_turn');
    await messageList(el).updateComplete;

    const [thinking, ...moreThinking] = thinkingBlocks(el);
    expect(moreThinking).to.have.length(0);
    expect(thinking!.text).to.equal(BASIC.thinking);
    expect(thinking!.shadowRoot!.querySelector('details')!.open, 'thinking starts collapsed').to.equal(false);

    const chips = toolChips(el);
    expect(chips).to.have.length(1);
    const chip = chips[0]!;
    await chip.updateComplete;
    expect(chip.state).to.equal('done');
    expect(shownText(chip)).to.contain(BASIC.toolLabel).and.contain('✓');
    const result = chip.shadowRoot!.querySelector('details')!;
    expect(result.open, 'the result starts collapsed').to.equal(false);
    chip.shadowRoot!.querySelector('summary')!.click();
    expect(result.open).to.equal(true);
    expect(chip.shadowRoot!.querySelector('pre')!.textContent).to.contain('"status": "shipped"');

    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal([BASIC.before, BASIC.after]);
    expect(errorLines(el)).to.have.length(0);
    expect(composerButton(el).textContent!.trim()).to.equal('Send');

    // What is shown is what the server stored.
    const stored = await storedSession(endpoint, session);
    expect(stored.turns.map((t) => t.type)).to.deep.equal([
      'user',
      'thinking',
      'assistant_text',
      'tool_call',
      'tool_result',
      'assistant_text',
    ]);
  });

  it('renders the text while it streams, with Stop in place of Send', async () => {
    const endpoint = await scenario('slow');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('streaming')}></agent-chat>`);
    const finished = nextEvent(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send('Take your time');

    const partial = await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the first streamed text' });
    expect(el.running).to.equal(true);
    expect(composerButton(el).textContent!.trim()).to.equal('Stop');
    await waitFor(() => (assistantBubbles(el)[0]?.text.length ?? 0) > partial.length, { message: 'more streamed text' });
    await el.stop();
    await finished;
  });
});
