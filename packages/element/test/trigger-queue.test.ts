// Issue #20, point 10: a host trigger is never dropped silently. A low-priority one that comes while a reply streams,
// a card waits for an answer, or the user is typing waits and is sent when the element is idle; one that cannot be
// sent (its cooldown, or it waited too long) fires agent-chat-trigger-dropped, which the page can show.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Turn, UserTurn } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { TYPING_QUIET_MS } from '../src/features/triggers/trigger-queue.js';
import type { MessageSentDetail, TriggerDroppedDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { confirmCards, textarea, userBubbles } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

const userTexts = (turns: readonly Turn[]) => turns.filter((turn): turn is UserTurn => turn.type === 'user').map((turn) => [turn.text, turn.trigger]);

async function chat(name: string, prefix: string) {
  const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario(name)} session=${uniqueSession(prefix)}></agent-chat>`);
  const sent: MessageSentDetail[] = [];
  const dropped: TriggerDroppedDetail[] = [];
  el.addEventListener('agent-chat-message-sent', (event) => sent.push(event.detail));
  el.addEventListener('agent-chat-trigger-dropped', (event) => dropped.push(event.detail));
  await el.updateComplete;
  return { el, sent, dropped };
}

/** The next message the element sends on a trigger's behalf. */
const triggerSent = (el: AgentChat, name: string, timeout = 5000) =>
  nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent', { filter: (event) => event.detail.trigger === name, timeout });

describe('<agent-chat> triggers are never dropped silently (issue #20, point 10)', () => {
  it('a low-priority trigger during a reply waits, and is sent when the reply has finished', async () => {
    const { el, sent, dropped } = await chat('paced', 'held-reply');
    const reply = el.send('long reply');
    await waitFor(() => el.running, { message: 'a reply streaming' });
    expect(el.trigger('pageChange', { page: 4 }, { priority: 'low' }), 'accepted').to.equal(true);
    expect(sent.map((detail) => detail.trigger), 'not sent into the reply').to.deep.equal([undefined]);

    const goes = triggerSent(el, 'pageChange');
    await reply;
    expect((await goes).detail.text).to.equal('pageChange: {"page":4}');
    await waitFor(() => !el.running && userBubbles(el).length === 2, { message: 'the trigger’s reply' });
    expect(userTexts((await storedSession(el.endpoint, el.sessionId)).turns)).to.deep.equal([
      ['long reply', undefined],
      ['pageChange: {"page":4}', 'pageChange'],
    ]);
    expect(dropped).to.deep.equal([]);
  });

  it('several wait in order, and go one at a time, each after the reply to the one before', async () => {
    const { el, dropped } = await chat('paced', 'held-several');
    const reply = el.send('long reply');
    await waitFor(() => el.running, { message: 'a reply streaming' });
    el.trigger('pageChange', { page: 4 }, { priority: 'low' });
    el.trigger('highlightCreated', { id: 'h1' }, { priority: 'low', text: 'I highlighted h1' });
    await reply;
    await waitFor(() => userBubbles(el).length === 3 && !el.running, { message: 'both triggers answered' });
    const turns = (await storedSession(el.endpoint, el.sessionId)).turns;
    expect(userTexts(turns)).to.deep.equal([
      ['long reply', undefined],
      ['pageChange: {"page":4}', 'pageChange'],
      ['I highlighted h1', 'highlightCreated'],
    ]);
    // One at a time: each trigger's answer comes before the next trigger.
    expect(turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text', 'user', 'assistant_text', 'user', 'assistant_text']);
    expect(dropped).to.deep.equal([]);
  });

  it('while the user is typing it waits until they have stopped for a few seconds', async () => {
    const { el, sent } = await chat('echo', 'held-typing');
    textarea(el).focus();
    await sendKeys({ type: 'I am writing a question' });
    const typedAt = Date.now();
    const goes = triggerSent(el, 'questionWrong', TYPING_QUIET_MS + 5000);
    expect(el.trigger('questionWrong', { questionId: 'q1' }, { priority: 'low', text: 'I got q1 wrong' })).to.equal(true);
    expect(sent, 'not while typing').to.deep.equal([]);
    await goes;
    expect(Date.now() - typedAt, 'after the typing went quiet').to.be.at.least(TYPING_QUIET_MS - 50);
    expect(textarea(el).value, 'the draft is left alone').to.equal('I am writing a question');
  });

  it('while a confirmation card waits for an answer it waits too, and goes after the answer', async () => {
    const { el } = await chat('confirm', 'held-card');
    await el.send('delete F-1');
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    el.trigger('pageChange', { page: 2 }, { priority: 'low' });
    expect(userBubbles(el), 'the card is not skipped by a trigger').to.have.length(1);

    const goes = triggerSent(el, 'pageChange');
    await card.updateComplete;
    card.shadowRoot!.querySelector<HTMLElement>('[part~="card-confirm"]')!.click();
    await goes;
    await waitFor(() => !el.running && userBubbles(el).length === 2, { message: 'the trigger answered' });
    const turns = (await storedSession(el.endpoint, el.sessionId)).turns;
    const result = turns.find((turn) => turn.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.output, 'the delete was approved, not skipped').to.deep.equal({ deleted: 'F-1' });
    expect(userTexts(turns)).to.deep.equal([
      ['delete F-1', undefined],
      ['pageChange: {"page":2}', 'pageChange'],
    ]);
  });

  it('one that waits longer than maxWaitMs is dropped with agent-chat-trigger-dropped, and never sent', async () => {
    const { el, sent } = await chat('paced', 'held-expired');
    const reply = el.send('long reply');
    await waitFor(() => el.running, { message: 'a reply streaming' });
    const dropped = nextEvent<CustomEvent<TriggerDroppedDetail>>(el, 'agent-chat-trigger-dropped');
    expect(el.trigger('pageChange', { page: 5 }, { priority: 'low', maxWaitMs: 200 })).to.equal(true);
    expect((await dropped).detail).to.deep.equal({ name: 'pageChange', payload: { page: 5 }, reason: 'expired' });
    await reply;
    await waitFor(() => !el.running, { message: 'the reply finished' });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['long reply']);
    expect(userTexts((await storedSession(el.endpoint, el.sessionId)).turns)).to.deep.equal([['long reply', undefined]]);
  });

  it('one within its cooldown is dropped at once with the event, and trigger() says false', async () => {
    const { el, dropped } = await chat('echo', 'cooldown');
    expect(el.trigger('questionWrong', { questionId: 'q1' }, { cooldownMs: 60_000 })).to.equal(true);
    expect(el.trigger('questionWrong', { questionId: 'q2' }, { cooldownMs: 60_000 })).to.equal(false);
    expect(dropped).to.deep.equal([{ name: 'questionWrong', payload: { questionId: 'q2' }, reason: 'cooldown' }]);
    await waitFor(() => !el.running && userBubbles(el).length === 1, { message: 'the first one answered' });
  });
});
