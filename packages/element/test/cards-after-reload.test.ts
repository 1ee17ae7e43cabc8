import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { CARDS } from './support/card-texts.js';
import { composerButton, confirmCards, statusLines, toolChips } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 4: a reloaded conversation looks as it did live. Every answered confirmation stays the same card
// (not a chip, even for a tool that asks only sometimes), with the same preview, input and outcome: applied,
// cancelled (refused, or left for a new message: never "failed"), and stopped for a confirmed write that the user
// stopped part-way (never "applied").

async function chat(session: string): Promise<AgentChat> {
  const endpoint = await scenario('cards');
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${session}></agent-chat>`);
}

/** The words under a node, through the shadow roots of the parts inside (the word diff, the form). */
function words(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node instanceof HTMLStyleElement) return '';
  const root = node instanceof Element && node.shadowRoot ? node.shadowRoot : node;
  return Array.from(root.childNodes, words).join(' ');
}
const text = (el: Element) => words(el).replace(/\s+/g, ' ').trim();
const part = (card: ConfirmCard, name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;

/** What a person sees of a card: its outcome, every word on it (preview, input, outcome line) and its buttons. */
function looks(card: ConfirmCard) {
  return {
    name: card.call!.name,
    status: card.status,
    badge: text(part(card, 'card-status')),
    text: text(card),
    buttons: Array.from(card.shadowRoot!.querySelectorAll('button'), (button) => button.textContent!.trim()),
  };
}

/** The `index`th card once it waits for an answer. */
async function pendingCard(el: AgentChat, index: number): Promise<ConfirmCard> {
  const card = await waitFor(() => confirmCards(el)[index], { message: `card ${index + 1}` });
  await waitFor(() => card.status === 'pending' && card.shadowRoot?.querySelector('[part~="card-confirm"]'), { message: `card ${index + 1} pending` });
  return card;
}

/** Clicks one of the card's buttons and waits for the turn it continues to end. */
async function answer(el: AgentChat, card: ConfirmCard, button: 'card-confirm' | 'card-cancel'): Promise<void> {
  const finished = nextEvent(el, 'agent-chat-run-finish', { timeout: 10000 });
  part(card, button).click();
  await finished;
}

async function reloaded(session: string, count: number): Promise<ConfirmCard[]> {
  const el = await chat(session);
  await waitFor(() => confirmCards(el).length === count && confirmCards(el).every((card) => card.status !== 'pending'), {
    message: `${count} answered cards after the reload`,
  });
  await el.updateComplete;
  expect(toolChips(el), 'no card shrank to a chip').to.have.length(0);
  return confirmCards(el);
}

describe('cards after a reload (real server)', () => {
  it('an edited, a refused, a skipped and an approved card are the same cards, with the same outcomes, after a reload', async () => {
    const session = uniqueSession('cards-reload');
    const el = await chat(session);

    // Edited, then confirmed: applied, showing the input the user chose.
    await el.send(CARDS.rename);
    const rename = await pendingCard(el, 0);
    part(rename, 'card-edit').click();
    const form = await waitFor(() => rename.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the edit form' });
    await form.updateComplete;
    const title = form.shadowRoot!.querySelector<HTMLInputElement>('#field-title')!;
    title.focus();
    title.select();
    await sendKeys({ type: CARDS.editedTitle });
    await answer(el, rename, 'card-confirm');

    // Refused: cancelled.
    await el.send(CARDS.remove);
    await answer(el, await pendingCard(el, 1), 'card-cancel');

    // Left unanswered for a new message (cancelled too), and that message's card approved.
    await el.send(CARDS.rename);
    await pendingCard(el, 2);
    await el.send(CARDS.remove);
    await answer(el, await pendingCard(el, 3), 'card-confirm');

    const cards = confirmCards(el);
    await waitFor(() => cards.every((card) => card.status !== 'pending' && card.status !== 'sending'), {
      message: `every card answered (${cards.map((card) => card.status).join(', ')})`,
    });
    const live = cards.map(looks);
    expect(live.map((card) => [card.name, card.status, card.badge])).to.deep.equal([
      ['rename_item', 'applied', '✓ Applied'],
      ['remove_item', 'cancelled', 'Cancelled'],
      ['rename_item', 'cancelled', 'Cancelled'],
      ['remove_item', 'applied', '✓ Applied'],
    ]);
    expect(live[0]!.text, 'the preview, then the input the user chose').to.match(/Changes Churn rose .*4%.* in week 2 Details/).and.contain(CARDS.editedTitle);
    expect(live[1]!.text, 'the impact it would have had').to.contain(CARDS.impact[0]);
    expect(toolChips(el)).to.have.length(0);
    el.remove();

    const again = await reloaded(session, 4);
    expect(again.map(looks)).to.deep.equal(live);
  });

  it('a confirmed write stopped part-way says stopped, with how far it got, live and after a reload', async () => {
    const session = uniqueSession('cards-stopped');
    const el = await chat(session);
    await el.send(CARDS.rewrite);
    const card = await pendingCard(el, 0);

    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    part(card, 'card-confirm').click();
    await waitFor(() => statusLines(el).some((line) => line.text === CARDS.progress(1)), { message: 'the first slide rewritten' });
    composerButton(el).click();
    expect((await finished).detail.stopReason).to.equal('cancelled');

    await waitFor(() => card.status === 'stopped', { message: 'the card stopped' });
    await card.updateComplete;
    const live = looks(card);
    expect(live.badge).to.equal('■ Stopped');
    expect(live.text).to.contain(CARDS.partial).and.not.contain('Applied');
    const stored = await storedSession(el.endpoint, session);
    expect(stored.turns.find((turn) => turn.type === 'tool_result')).to.deep.include({ stopped: true, isError: false });
    el.remove();

    const [again] = await reloaded(session, 1);
    expect(looks(again!)).to.deep.equal(live);
  });
});
