import { expect, fixture, html } from '@open-wc/testing';
import { a11ySnapshot, findAccessibilityNode, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { Item } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { mentionRanges } from '../src/core/mention-tokens.js';
import type { MessageSentDetail } from '../src/events.js';
import { axeViolations } from './support/axe.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { composer, draftMentions, suggestionOptions, textarea } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 8: a picked mention is a styled, atomic token in the text (seed 003's `<span class="chat-mention">`),
// not a chip above plain `@R-2` text. The field stays a textarea; the tokens are drawn by a layer under it
// (src/features/autocomplete/mention-input.ts), so the field's text is exactly what is sent.

const R2: Item = { id: 'R-2', type: 'recommendation', text: 'Ship the onboarding checklist first' };
const F1: Item = { id: 'F-1', type: 'fact', title: 'Revenue grew 12%' };

interface AxNode {
  role: string;
  name?: string;
  description?: string;
  value?: string | number;
  children?: AxNode[];
}

async function mentionChat(session: string, onReference?: (item: Item) => void): Promise<AgentChat> {
  const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario('echo')} session=${uniqueSession(session)}></agent-chat>`);
  el.adapter = {
    mentionables: () => [
      { type: 'recommendation', label: 'Recommendations', items: [R2] },
      { type: 'fact', label: 'Facts', items: [F1] },
    ],
    ...(onReference ? { onReference } : {}),
  };
  await el.updateComplete;
  textarea(el).focus();
  return el;
}

/** Type `@query` and pick the first option with Enter. */
async function pick(el: AgentChat, typed: string): Promise<void> {
  await sendKeys({ type: typed });
  await waitFor(() => suggestionOptions(el).length > 0, { message: `the options for ${typed}` });
  await sendKeys({ press: 'Enter' });
  await waitFor(() => suggestionOptions(el).length === 0, { message: 'the list closed by the pick' });
}

const token = (el: AgentChat, id: string) => composer(el).shadowRoot!.querySelector<HTMLElement>(`.mentions .mention[data-id="${id}"]`);
const caret = (el: AgentChat) => [textarea(el).selectionStart, textarea(el).selectionEnd];

/** Where `text.slice(0, at)` ends on the field's first line, in viewport px, measured with the field's own font. */
function textX(input: HTMLTextAreaElement, before: string): number {
  const style = getComputedStyle(input);
  const context = document.createElement('canvas').getContext('2d')!;
  context.font = style.font;
  return input.getBoundingClientRect().left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + context.measureText(before).width;
}

describe('<agent-chat> mentions inline', () => {
  afterEach(() => resetMouse());

  it('a pick is a token in the text with the caret after it; one Backspace removes it and its item; undo brings both back', async () => {
    const el = await mentionChat('mention-token');
    await sendKeys({ type: 'Compare ' });
    await pick(el, '@R-');
    const input = textarea(el);
    expect(input.value).to.equal('Compare @R-2 ');
    expect(caret(el), 'the caret after the token and its space').to.deep.equal([13, 13]);
    await waitFor(() => token(el, 'R-2'), { message: 'the token' });
    expect(draftMentions(el)).to.deep.equal([{ text: '@R-2', id: 'R-2' }]);
    // Drawn where the field's own letters are: under "@R-2", after "Compare ".
    const box = token(el, 'R-2')!.getBoundingClientRect();
    expect(Math.abs(box.left - textX(input, 'Compare ')), 'the token’s left edge under the text').to.be.below(1);
    expect(Math.abs(box.right - textX(input, 'Compare @R-2')), 'its right edge').to.be.below(1);
    const field = input.getBoundingClientRect();
    expect(box.top).to.be.above(field.top);
    expect(box.bottom).to.be.below(field.bottom);
    expect(getComputedStyle(token(el, 'R-2')!).backgroundColor, 'tinted').to.not.equal('rgba(0, 0, 0, 0)');

    await sendKeys({ press: 'Backspace' });
    expect(input.value, 'one Backspace: the token and its space').to.equal('Compare ');
    expect(caret(el)).to.deep.equal([8, 8]);
    await composer(el).updateComplete;
    expect(draftMentions(el)).to.deep.equal([]);
    expect(input.hasAttribute('aria-describedby'), 'no mention to describe').to.equal(false);

    // The browser's own undo: the text comes back, and with it the item.
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'z' });
    await sendKeys({ up: 'Control' });
    await waitFor(() => input.value === 'Compare @R-2 ', { message: 'the undone deletion' });
    await waitFor(() => token(el, 'R-2'), { message: 'the token back' });

    const sent = nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent');
    await sendKeys({ press: 'Enter' });
    expect((await sent).detail.references.map((item) => item.id)).to.deep.equal(['R-2']);
  });

  it('the message sent carries its mentioned items, and only those still in the text', async () => {
    const session = uniqueSession('mention-sent');
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    el.adapter = { mentionables: () => [R2, F1] };
    textarea(el).focus();
    await pick(el, 'Does @R-');
    await sendKeys({ type: 'follow from ' });
    await pick(el, '@rev');
    expect(textarea(el).value).to.equal('Does @R-2 follow from @Revenue grew 12% ');
    await waitFor(() => draftMentions(el).length === 2, { message: 'two tokens' });
    expect(draftMentions(el).map((mention) => mention.text)).to.deep.equal(['@R-2', '@Revenue grew 12%']);
    await sendKeys({ type: 'or not' });
    // A character typed onto a token's end makes it text again (`@R-23` is no mention of R-2): its item goes.
    textarea(el).setSelectionRange(9, 9);
    await sendKeys({ type: '3' });
    await waitFor(() => draftMentions(el).length === 1, { message: 'one token left' });
    const sent = nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ press: 'Enter' });
    const detail = (await sent).detail;
    expect(detail.text).to.equal('Does @R-23 follow from @Revenue grew 12% or not');
    expect(detail.references).to.deep.equal([F1]);
    await finished;
    expect(textarea(el).value).to.equal('');
    expect(draftMentions(el), 'sent with the message').to.deep.equal([]);
    const user = (await storedSession(endpoint, session)).turns.find((turn) => turn.type === 'user');
    expect(user!.type === 'user' && user!.references).to.deep.equal([F1]);
  });

  it('the caret steps over a token and never stays inside one; Delete before it removes it whole', async () => {
    const el = await mentionChat('mention-caret');
    await sendKeys({ type: 'See ' });
    await pick(el, '@rev');
    await sendKeys({ type: 'now' });
    const input = textarea(el);
    expect(input.value).to.equal('See @Revenue grew 12% now');
    input.setSelectionRange(22, 22);
    await sendKeys({ press: 'ArrowLeft' });
    expect(caret(el), 'the space before "now"').to.deep.equal([21, 21]);
    await sendKeys({ press: 'ArrowLeft' });
    expect(caret(el), '← steps over the token').to.deep.equal([4, 4]);
    await sendKeys({ press: 'ArrowRight' });
    expect(caret(el), '→ steps over it back').to.deep.equal([21, 21]);

    // A click inside the token puts the caret at its nearer edge.
    const box = token(el, 'F-1')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 6), Math.round(box.top + box.height / 2)] });
    expect(caret(el)).to.deep.equal([4, 4]);
    await sendMouse({ type: 'click', position: [Math.round(box.right - 6), Math.round(box.top + box.height / 2)] });
    expect(caret(el)).to.deep.equal([21, 21]);
    expect(suggestionOptions(el), 'a picked mention offers no list').to.have.length(0);

    input.setSelectionRange(4, 4);
    await sendKeys({ press: 'Delete' });
    expect(input.value).to.equal('See now');
    await composer(el).updateComplete;
    expect(draftMentions(el)).to.deep.equal([]);
  });

  it('a screen reader reads the token as the field’s text and hears the items mentioned as its description; axe finds nothing', async () => {
    const el = await mentionChat('mention-a11y');
    await sendKeys({ type: 'Compare ' });
    await pick(el, '@R-');
    await sendKeys({ type: 'with ' });
    await pick(el, '@rev');
    await composer(el).updateComplete;
    const input = textarea(el);
    const described = composer(el).shadowRoot!.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('Mentions: recommendation R-2, Revenue grew 12% (fact F-1)');

    // What Chromium gives assistive technology: the field's name, its text with the tokens in it, and the
    // description; the layer that draws the tokens is not there twice.
    const tree = (await a11ySnapshot({})) as unknown as AxNode & { children: AxNode[] };
    const field = findAccessibilityNode<AxNode>(tree as AxNode & { children: AxNode[] }, (node) => node.role === 'textbox' && node.name === 'Message');
    expect(field, 'the textbox').to.not.equal(null);
    expect(field!.value).to.equal('Compare @R-2 with @Revenue grew 12% ');
    expect(field!.description).to.equal('Mentions: recommendation R-2, Revenue grew 12% (fact F-1)');
    const layerText = findAccessibilityNode<AxNode>(tree as AxNode & { children: AxNode[] }, (node) => node.role !== 'textbox' && node.name === '@R-2');
    expect(layerText, 'the layer is hidden from the tree').to.equal(null);

    expect(await axeViolations(el), 'with tokens').to.deep.equal([]);
    await sendKeys({ type: '@' });
    await waitFor(() => suggestionOptions(el).length > 0, { message: 'the list over the tokens' });
    expect(await axeViolations(el), 'with tokens and the list open').to.deep.equal([]);
  });

  it('addReference() writes the item’s token at the end of the text; Ctrl+click on it shows the item', async () => {
    const shown: string[] = [];
    const el = await mentionChat('mention-host', (item) => shown.push(item.id));
    await sendKeys({ type: 'Why' });
    el.addReference(F1);
    const input = textarea(el);
    await waitFor(() => input.value === 'Why @Revenue grew 12% ', { message: 'the mention at the end' });
    await waitFor(() => token(el, 'F-1'), { message: 'its token' });
    // Mentioned again: one token, one item.
    el.addReference(F1);
    await composer(el).updateComplete;
    expect(input.value).to.equal('Why @Revenue grew 12% ');

    const box = token(el, 'F-1')!.getBoundingClientRect();
    const middle: [number, number] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    await sendMouse({ type: 'click', position: middle });
    expect(shown, 'a plain click only places the caret').to.deep.equal([]);
    await sendKeys({ down: 'Control' });
    await sendMouse({ type: 'click', position: middle });
    await sendKeys({ up: 'Control' });
    expect(shown).to.deep.equal(['F-1']);
  });

  it('keeps the tokens under their text when the field scrolls', async () => {
    const el = await mentionChat('mention-scroll');
    await pick(el, '@R-');
    const input = textarea(el);
    await sendKeys({ down: 'Shift' });
    for (let line = 0; line < 12; line++) await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'the end' });
    await waitFor(() => input.scrollTop > 0, { message: 'the field to scroll' });
    await composer(el).updateComplete;
    const layer = composer(el).shadowRoot!.querySelector<HTMLElement>('.mentions')!;
    expect(layer.scrollTop).to.equal(input.scrollTop);
    // The token scrolled out of sight with its text, above the field's top.
    expect(token(el, 'R-2')!.getBoundingClientRect().bottom).to.be.at.most(input.getBoundingClientRect().top + 1);
    input.scrollTop = 0;
    await waitFor(() => layer.scrollTop === 0, { message: 'the layer scrolled back with the field' });
    expect(token(el, 'R-2')!.getBoundingClientRect().top).to.be.above(input.getBoundingClientRect().top);
  });

  it('finds a mention only where the `@` list leaves one, and of two that overlap the one that starts first, then the longer', () => {
    const costs: Item = { id: 'F-2', title: 'Costs' };
    const costsFell: Item = { id: 'F-3', title: 'Costs fell' };
    const ranges = (text: string, items: Item[]) => mentionRanges(text, items).map(({ start, end, item }) => [start, end, item.id]);
    expect(ranges('@R-2, then @R-2.', [R2])).to.deep.equal([[0, 4, 'R-2'], [11, 15, 'R-2']]);
    expect(ranges('@R-23 a@R-2 @R-2x', [R2]), 'inside a word, or a longer id').to.deep.equal([]);
    expect(ranges('See @Costs fell and @Costs', [costs, costsFell])).to.deep.equal([[4, 15, 'F-3'], [20, 26, 'F-2']]);
  });
});
