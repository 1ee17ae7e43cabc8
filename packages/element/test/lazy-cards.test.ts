// The confirmation card, the answer card and the Undo bar come in a chunk of their own (src/chunks/cards.ts), loaded
// the first time a turn has one to draw. This file runs in a page of its own, so the chunk starts out not loaded.
import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { AgentTurn } from '../src/features/message-list/agent-turn.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, confirmCards, deepAll, shownText } from './support/dom.js';
import { ASK, INITIAL_TITLE, ITEM, STEPS } from './support/rendering-texts.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

const CARD_TAGS = ['agent-chat-confirm-card', 'agent-chat-answer-card', 'agent-chat-undo-bar', 'agent-chat-schema-form', 'agent-chat-word-diff'];
const definedCards = () => CARD_TAGS.filter((tag) => customElements.get(tag) !== undefined);
/** How many times the page fetched the cards' chunk entry (the dev server serves src/chunks/cards.ts under its own path). */
const cardsFetches = () =>
  performance.getEntriesByType('resource').filter((entry) => /\/src\/chunks\/cards\.(js|ts)$/.test(new URL(entry.name).pathname)).length;

/** A turn run straight against the server, as another tab or an earlier visit would have: nothing renders it here. */
async function runTurn(endpoint: string, session: string, text: string): Promise<void> {
  const response = await fetch(`${endpoint}/sessions/${encodeURIComponent(session)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ text }),
  });
  expect(response.status, `POST ${text}`).to.equal(200);
  await response.text(); // the stream ends with the run
}

/**
 * Every card any agent turn has drawn, and whether its element was defined when the render committed it: a card
 * drawn undefined is empty on screen, and anything that reads it would read nothing.
 */
function watchDrawnCards(): { tag: string; defined: boolean }[] {
  const drawn: { tag: string; defined: boolean }[] = [];
  const proto = AgentTurn.prototype as unknown as { updated(changed: unknown): void; renderRoot: ParentNode };
  const updated = proto.updated;
  proto.updated = function (this: typeof proto, changed: unknown) {
    for (const card of Array.from(this.renderRoot.querySelectorAll(CARD_TAGS.join(', ')))) {
      drawn.push({ tag: card.localName, defined: card.matches(':defined') });
    }
    updated.call(this, changed);
  };
  return drawn;
}

describe('the cards chunk', () => {
  it('a plain text conversation never loads it', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario('echo')} session=${uniqueSession('plain')}></agent-chat>`);
    await el.send('Just words');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply' });
    expect(assistantBubbles(el)[0]!.text).to.equal(echo('Just words'));
    expect(definedCards(), 'no card element defined').to.deep.equal([]);
    expect(cardsFetches(), 'the cards module never fetched').to.equal(0);
  });

  it('cards from a reloaded history, before the chunk is loaded, come complete: contents, properties and actions', async () => {
    const endpoint = await scenario('rendering');
    const answered = uniqueSession('lazy-answer');
    const pending = uniqueSession('lazy-pending');
    await runTurn(endpoint, answered, ASK.everyStep); // an answer card and a write that may be undone
    await runTurn(endpoint, pending, ASK.edit); // a confirmation waiting, with a before/after preview
    expect(definedCards(), 'nothing has loaded the cards yet').to.deep.equal([]);
    expect(cardsFetches()).to.equal(0);

    const drawn = watchDrawnCards();
    const withAnswer = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${answered}></agent-chat>`);
    const withCard = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${pending}></agent-chat>`);

    // The confirmation card, complete when it is first there: its status, its preview's word diff; and Edit, which it
    // offers only with the tool's schema (its `tool` property, set by the turn from the catalog).
    const card = await waitFor(() => confirmCards(withCard)[0], { message: 'the confirmation card' });
    const part = (name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
    expect(card.status).to.equal('pending');
    expect(shownText(card)).to.contain(`Edit ${ITEM.id}`).and.contain(ITEM.editLabel);
    const diff = card.shadowRoot!.querySelector('agent-chat-word-diff')!;
    expect(diff.matches(':defined')).to.equal(true);
    await (diff as unknown as { updateComplete: Promise<boolean> }).updateComplete;
    expect(shownText(diff)).to.contain('June');
    expect(part('card-confirm'), 'Confirm').to.not.equal(null);
    // Edit comes with the tool catalog (GET /tools), which may land after the history: then a frame or two later.
    await waitFor(() => part('card-edit'), { message: 'Edit (the tool property, from the catalog)' });
    expect(part('card-cancel'), 'Cancel').to.not.equal(null);

    // The answer card and the Undo bar of the other history.
    const answer = await waitFor(() => deepAll(withAnswer.shadowRoot!, 'agent-chat-answer-card')[0], { message: 'the answer card' });
    expect(shownText(answer.shadowRoot!.querySelector('[part~="answer-summary"]')!)).to.contain('The board is now called').and.contain('Q3 plan');
    expect(Array.from(answer.shadowRoot!.querySelectorAll('a'), (a) => a.getAttribute('href'))).to.deep.equal(
      STEPS.links.filter((link) => !link.url.startsWith('javascript:')).map((link) => link.url),
    );
    const bar = await waitFor(() => deepAll(withAnswer.shadowRoot!, 'agent-chat-undo-bar')[0], { message: 'the undo bar' });
    const undoButton = bar.shadowRoot!.querySelector<HTMLButtonElement>('[part~="undo-button"]');
    expect(undoButton, 'the Undo button').to.not.equal(null);

    expect(cardsFetches(), 'one fetch for both elements').to.equal(1);
    expect(drawn.length, 'cards were drawn').to.be.greaterThan(0);
    expect(drawn.filter((card) => !card.defined), 'no card ever drawn before its element was defined').to.deep.equal([]);

    // The functions the turn handed down before the chunk came still work: the card's decide, the bar's undo.
    const finished = nextEvent(withCard, 'agent-chat-run-finish');
    part('card-confirm')!.click();
    await finished;
    await waitFor(() => card.status === 'applied', { message: 'applied' });
    expect(assistantBubbles(withCard).map((bubble) => bubble.text)).to.deep.equal([ITEM.done]);

    const restored = nextEvent<CustomEvent<{ state: { title: string } }>>(withAnswer, 'agent-chat-state-change', {
      filter: (event) => event.detail.state?.title === INITIAL_TITLE,
    });
    undoButton!.click();
    await restored;
    await waitFor(() => deepAll(withAnswer.shadowRoot!, 'agent-chat-undo-bar').length === 0, { message: 'the bar to go after Undo' });
  });
});
