import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { CARDS, WORDS } from './support/card-texts.js';
import { confirmCards } from './support/dom.js';
import { waitFor } from './support/wait.js';

// Issue #20, point 5: the words a tool writes for the model are not the words a person reads. The edit form and the
// card's input list take each field's title and hint from the schema's metadata (zod's `.meta({ title, hint })`),
// never the description the model reads; and the confirm button has the tool's own words and tone.

/** The danger token's colour (tokens.ts): what a destructive button is painted with. */
const DANGER = 'rgb(194, 34, 44)';

async function cardFor(text: string): Promise<ConfirmCard> {
  const endpoint = await scenario('cards');
  const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession('words')}></agent-chat>`);
  await el.send(text);
  const card = await waitFor(() => confirmCards(el)[0], { message: 'the card' });
  // The Edit button comes with the tool catalog (GET /tools), which holds the schema.
  await waitFor(() => card.shadowRoot?.querySelector('[part~="card-confirm"]') && card.tool, { message: 'the card with its tool' });
  await card.updateComplete;
  return card;
}

const part = (card: ConfirmCard, name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;
const visible = (root: ShadowRoot) => (root.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('words for the model, words for people (real server)', () => {
  it('the edit form shows titles and hints, never the model’s descriptions; the button says Apply', async () => {
    const card = await cardFor(WORDS.edit);

    // The input list under the preview: the titles, not the property names.
    const list = Array.from(card.shadowRoot!.querySelectorAll('dt'), (dt) => dt.textContent!.trim());
    expect(list).to.deep.equal(WORDS.titles.slice(0, 3));

    // The tool's button: its words, and the accent colour although the preview lists an impact.
    const confirm = part(card, 'card-confirm');
    expect(confirm.textContent!.trim()).to.equal(WORDS.apply);
    expect(visible(card.shadowRoot!)).to.contain(WORDS.impact);
    expect(confirm.classList.contains('danger')).to.equal(false);
    expect(getComputedStyle(confirm).backgroundColor).not.to.equal(DANGER);

    part(card, 'card-edit').click();
    const form = await waitFor(() => card.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the edit form' });
    await form.updateComplete;
    const root = form.shadowRoot!;
    const labels = Array.from(root.querySelectorAll('label'), (label) => label.textContent!.replace(/\s*\*$/, '').trim());
    expect(labels).to.deep.equal([...WORDS.titles]);
    const hint = (name: string) => root.querySelector(`#field-${name}-hint`)?.textContent?.trim();
    expect(hint('new_text')).to.equal(WORDS.hints.new_text);
    expect(hint('related_ids')).to.equal(WORDS.hints.related_ids);
    expect(hint('item_id'), 'no hint: the description is not one').to.equal(undefined);
    expect(hint('output_type')).to.equal(undefined);
    // The hint is what a screen reader hears with the field, too.
    expect(root.querySelector('#field-related_ids')!.getAttribute('aria-describedby')).to.equal('field-related_ids-hint');
    for (const words of WORDS.forTheModel) expect(visible(card.shadowRoot!) + visible(root), words).not.to.contain(words);
    expect((root.querySelector('#field-new_text') as HTMLInputElement).value).to.equal(CARDS.proposedTitle);
  });

  it('a delete’s button says "Confirm deletion" in the danger tone; a tool that names none says Confirm', async () => {
    const card = await cardFor(WORDS.delete);
    const confirm = part(card, 'card-confirm');
    expect(confirm.textContent!.trim()).to.equal(WORDS.confirmDeletion);
    expect(confirm.classList.contains('danger')).to.equal(true);
    expect(getComputedStyle(confirm).backgroundColor).to.equal(DANGER);
    expect(card.call!.confirmButton).to.deep.equal({ label: WORDS.confirmDeletion, tone: 'danger' });
    expect(Array.from(card.shadowRoot!.querySelectorAll('dt'), (dt) => dt.textContent!.trim())).to.deep.equal(['Item']);

    const plain = await cardFor(CARDS.rename);
    expect(part(plain, 'card-confirm').textContent!.trim()).to.equal('Confirm');
    expect(part(plain, 'card-confirm').classList.contains('danger')).to.equal(false);
  });
});
