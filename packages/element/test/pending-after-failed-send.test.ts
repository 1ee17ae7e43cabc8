import { expect, fixture, html } from '@open-wc/testing';
import { ContextEvent } from '@lit/context';
import '../src/define.js';
import { conversationContext, type ConversationSnapshot } from '../src/context/conversation-context.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { CARDS } from './support/card-texts.js';
import { confirmCards, errorLines, messageList, shownText } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

// A message sent while a confirmation waits takes the card away: the server answers a waiting call "not run" once it
// takes the message. A message that never reaches it (the page's context failed, the user stopped it first) leaves
// the call waiting there, so its card comes back, and confirming it continues the turn (real server).

const confirmButton = (card: ConfirmCard) => card.shadowRoot?.querySelector<HTMLButtonElement>('[part~="card-confirm"]');

async function waitingCard(el: AgentChat): Promise<ConfirmCard> {
  return waitFor(
    () => {
      const card = confirmCards(el)[0];
      return card?.status === 'pending' && confirmButton(card) ? card : undefined;
    },
    { message: 'a card waiting for an answer' },
  );
}

/** A chat whose run waits on a confirmation card, and whose page's context then fails: a message never leaves it. */
async function waitingWithFailingContext(prefix: string): Promise<AgentChat> {
  const endpoint = await scenario('cards');
  const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession(prefix)}></agent-chat>`);
  await el.send(CARDS.rename);
  await waitingCard(el);
  el.adapter = {
    getContext: () => {
      throw new Error('the editor is gone');
    },
  };
  return el;
}

describe('a waiting confirmation when a new message is not sent', () => {
  it('comes back, and still works, when the message fails before reaching the server', async () => {
    const el = await waitingWithFailingContext('pending-kept');
    const failed = nextEvent(el, 'agent-chat-error');
    await el.send('Something else');
    await failed;
    await el.updateComplete;
    expect(errorLines(el).some((line) => shownText(line).includes('the editor is gone')), 'the failure is said').to.equal(true);

    el.adapter = {};
    const card = await waitingCard(el);
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    confirmButton(card)!.click();
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await waitFor(() => confirmCards(el)[0]?.status === 'applied', { message: `the card applied (${confirmCards(el).map((c) => c.status).join(', ')})` });
  });

  it('puts the continued turn\'s own failure with that turn, before the message that never went', async () => {
    const el = await waitingWithFailingContext('pending-fails');
    await el.send('Something else');
    // The page's context still fails: confirming continues the turn, and that fails too, before anything is sent.
    const failed = nextEvent(el, 'agent-chat-error');
    confirmButton(await waitingCard(el))!.click();
    await failed;
    await el.updateComplete;
    let state: ConversationSnapshot | undefined;
    messageList(el).dispatchEvent(new ContextEvent(conversationContext, messageList(el), (value: ConversationSnapshot) => (state = value)));
    const shown = state!.turns.map((turn) => (turn.type === 'user' ? `user: ${turn.text}` : turn.type));
    const message = shown.indexOf('user: Something else');
    expect(shown.slice(message - 1), shown.join(' | ')).to.deep.equal(['error', 'user: Something else', 'error']);
  });

  it('goes away when the message reaches the server', async () => {
    const endpoint = await scenario('cards');
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession('pending-left')}></agent-chat>`);
    await el.send(CARDS.rename);
    await waitingCard(el);
    await el.send('Something else');
    await el.updateComplete;
    expect(el.running).to.equal(false);
    await waitFor(() => confirmCards(el)[0]?.status !== 'pending', { message: 'the card no longer waits' });
    expect(confirmButton(confirmCards(el)[0]!) ?? null, 'nothing to confirm').to.equal(null);
  });
});
