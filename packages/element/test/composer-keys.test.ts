import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail, RunStartDetail } from '../src/events.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composerButton, messageList, textarea, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent } from './support/wait.js';

describe('<agent-chat> composer keys (real keyboard)', () => {
  it('Shift+Enter breaks the line, Enter sends', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('keys')}></agent-chat>`);
    let runs = 0;
    el.addEventListener('agent-chat-run-start', () => runs++);

    textarea(el).focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'second line' });
    expect(textarea(el).value).to.equal('first line\nsecond line');
    expect(runs, 'Shift+Enter must not send').to.equal(0);
    expect(userBubbles(el)).to.have.length(0);

    const started = nextEvent<CustomEvent<RunStartDetail>>(el, 'agent-chat-run-start');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await sendKeys({ press: 'Enter' });
    expect((await started).detail.text).to.equal('first line\nsecond line');
    expect(textarea(el).value, 'Enter must not leave a newline behind').to.equal('');

    expect((await finished).detail.stopReason).to.equal('end_turn');
    await messageList(el).updateComplete;
    expect(userBubbles(el).map((b) => b.text)).to.deep.equal(['first line\nsecond line']);
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal([echo('first line\nsecond line')]);
    expect(runs).to.equal(1);
  });

  it('does not send an empty or blank message', async () => {
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('blank')}></agent-chat>`);
    let runs = 0;
    el.addEventListener('agent-chat-run-start', () => runs++);
    textarea(el).focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ type: '   ' });
    await sendKeys({ press: 'Enter' });
    expect(runs).to.equal(0);
    expect(composerButton(el).disabled, 'Send is disabled for blank text').to.equal(true);
  });
});
