import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { Turn, UserTurn } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { ITEM_MIME } from '../src/conversation/dropped-items.js';
import type { MessageSentDetail } from '../src/events.js';
import { scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { centerOf, composer, draftChips, draftMentions, messageList, shownText, textarea, toolChips, userBubbles } from './support/dom.js';
import { BASIC } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

function userTurns(turns: readonly Turn[]): UserTurn[] {
  return turns.filter((turn): turn is UserTurn => turn.type === 'user');
}

describe('<agent-chat> JS API and adapter', () => {
  it('getContext() goes with every message; trigger() sends on the page’s behalf, with cooldown and priority', async () => {
    const endpoint = await scenario('paced');
    const session = uniqueSession('trigger');
    const tag = uniqueSession('trigger-tag');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    el.adapter = { getContext: async () => ({ page: 3 }), headers: () => ({ 'x-test-tag': tag }) };

    const sent = nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent');
    expect(el.trigger('questionWrong', { questionId: 'q1' }, { text: 'I got q1 wrong', cooldownMs: 60_000 })).to.equal(true);
    expect((await sent).detail).to.deep.include({ text: 'I got q1 wrong', trigger: 'questionWrong' });
    expect(el.trigger('questionWrong', { questionId: 'q2' }, { cooldownMs: 60_000 }), 'within the cooldown').to.equal(false);
    await waitFor(() => !el.running, { message: 'the trigger’s reply' });

    const long = el.send('long reply');
    await waitFor(() => el.running, { message: 'a run in flight' });
    // Low priority waits for the element to be idle: trigger-queue.test.ts.
    expect(el.trigger('sessionStart', { doc: 'd1' }), 'normal priority waits in the queue').to.equal(true);
    await long;
    await waitFor(() => !el.running && userBubbles(el).length === 3, { message: 'the queued trigger sent' });

    const stored = await storedSession(endpoint, session);
    expect(userTurns(stored.turns).map((t) => [t.text, t.trigger])).to.deep.equal([
      ['I got q1 wrong', 'questionWrong'],
      ['long reply', undefined],
      ['sessionStart: {"doc":"d1"}', 'sessionStart'],
    ]);
    const posts = (await taggedRequests(tag)).filter((r) => r.path.endsWith('/messages'));
    expect(posts.map((p) => p.body!.context)).to.deep.equal([
      { page: 3, trigger: { name: 'questionWrong', payload: { questionId: 'q1' } } },
      { page: 3 },
      { page: 3, trigger: { name: 'sessionStart', payload: { doc: 'd1' } } },
    ]);
  });

  it('a card removed from the keyboard leaves the focus on the card after it, then the one before, then the input', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario('echo')} session=${uniqueSession('cards-focus')}></agent-chat>`);
    for (const id of ['doc-1', 'doc-2', 'doc-3']) el.attach({ id, title: `Doc ${id.slice(-1)}`, type: 'document' });
    await waitFor(() => draftChips(el, 'attachment').length === 3, { message: 'three cards' });
    const cards = composer(el).shadowRoot!.querySelector('agent-chat-item-chips[variant="attachment"]')!;
    const focused = () => cards.shadowRoot!.activeElement?.getAttribute('aria-label') ?? composer(el).shadowRoot!.activeElement?.tagName.toLowerCase();
    const removeButtons = () => Array.from(cards.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="remove"]'));
    removeButtons()[1]!.focus();
    const third = removeButtons()[2];
    await sendKeys({ press: 'Enter' });
    await waitFor(() => draftChips(el, 'attachment').length === 2 && focused() === 'Remove Doc 3', { message: `focus on Doc 3's button (${focused()})` });
    expect(removeButtons()[1], 'the card after it kept its own element (keyed)').to.equal(third);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => draftChips(el, 'attachment').length === 1 && focused() === 'Remove Doc 1', { message: `focus on Doc 1's button (${focused()})` });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => draftChips(el, 'attachment').length === 0 && focused() === 'textarea', { message: `focus on the input (${focused()})` });
  });

  it('attach() and dropped host items become removable cards and go in attachments', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('attach');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    el.attach({ id: 'doc-1', title: 'Chapter 12', type: 'document' });
    await composer(el).updateComplete;
    await waitFor(() => draftChips(el, 'attachment').length === 1, { message: 'the attached card' });

    // A host item dragged from the page onto the chat.
    const target = composer(el).shadowRoot!.querySelector('textarea')!;
    const data = new DataTransfer();
    data.setData(ITEM_MIME, JSON.stringify([{ id: 'doc-2', title: 'My notes', type: 'notes' }]));
    const drag = (type: string) => {
      const event = new DragEvent(type, { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
      target.dispatchEvent(event);
      return event;
    };
    drag('dragenter');
    expect(drag('dragover').defaultPrevented, 'the drop is accepted').to.equal(true);
    await composer(el).updateComplete;
    expect(composer(el).shadowRoot!.querySelector('[part~="drop-hint"]')).to.exist;
    drag('drop');
    await waitFor(() => draftChips(el, 'attachment').length === 2, { message: 'the dropped card' });
    expect(composer(el).shadowRoot!.querySelector('[part~="drop-hint"]')).to.equal(null);
    expect(draftChips(el, 'attachment')).to.deep.equal(['Chapter 12document', 'My notesnotes']);

    const cards = composer(el).shadowRoot!.querySelector('agent-chat-item-chips[variant="attachment"]')!;
    (cards.shadowRoot!.querySelector('[part~="remove"]') as HTMLButtonElement).click();
    await waitFor(() => draftChips(el, 'attachment').length === 1, { message: 'one card removed' });

    await el.send('Summarize this');
    // API sends take their own items; the draft's go with what the user sends from the composer.
    composer(el).value = 'And this one';
    composer(el).submit();
    await waitFor(() => userBubbles(el).length === 2 && !el.running, { message: 'the second message' });
    const stored = await storedSession(endpoint, session);
    expect(userTurns(stored.turns).map((t) => t.attachments)).to.deep.equal([undefined, [{ id: 'doc-2', title: 'My notes', type: 'notes' }]]);
    await messageList(el).updateComplete;
    const shown = messageList(el).shadowRoot!.querySelector('agent-chat-item-chips[variant="attachment"]')!;
    expect(shownText(shown)).to.contain('My notes');
  });

  it('addReference() opens the chat with the item as a token in the text; Ctrl+click on it calls onReference', async () => {
    const endpoint = await scenario('echo');
    const storageKey = uniqueSession('ref');
    const el = await fixture<AgentChat>(html`<agent-chat mode="floating" endpoint=${endpoint} session=${uniqueSession('ref')} storage-key=${storageKey}></agent-chat>`);
    const clicked: string[] = [];
    el.adapter = { onReference: (ref) => clicked.push(ref.id) };
    el.addReference({ id: 'F-7', title: 'Churn is up' });
    await el.updateComplete;
    expect(el.opened).to.equal(true);
    await waitFor(() => draftMentions(el).length === 1, { message: 'the token' });
    expect(textarea(el).value).to.equal('@Churn is up ');
    const token = composer(el).shadowRoot!.querySelector('.mentions .mention')!;
    await sendKeys({ down: 'Control' });
    await sendMouse({ type: 'click', position: centerOf(token) });
    await sendKeys({ up: 'Control' });
    await resetMouse();
    expect(clicked).to.deep.equal(['F-7']);
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('quickActions(context) become chips under the input that send their text; labelFor names tool chips', async () => {
    const endpoint = await scenario('basic');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('quick')}></agent-chat>`);
    const contexts: unknown[] = [];
    el.adapter = {
      getContext: () => ({ stage: 2 }),
      quickActions: (context) => {
        contexts.push(context);
        return [{ label: 'Where is my order?', text: 'Where is order A-17?' }];
      },
      labelFor: (call) => (call.name === 'lookup_order' ? `Finding ${(call.input as { order_id: string }).order_id}` : undefined),
    };
    // Drawn (and its chunk loaded) once the adapter offers quick actions.
    const actions = () => composer(el).shadowRoot!.querySelector('agent-chat-quick-actions')!;
    await waitFor(() => actions()?.shadowRoot?.querySelector('button'), { message: 'the quick action' });
    expect(contexts).to.deep.equal([{ stage: 2 }]);
    const sent = nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    actions().shadowRoot!.querySelector('button')!.click();
    expect((await sent).detail.text).to.equal('Where is order A-17?');
    await finished;
    await messageList(el).updateComplete;
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(shownText(chip)).to.contain('Finding A-17').and.not.contain(BASIC.toolLabel);
    await waitFor(() => contexts.length === 2, { message: 'quick actions asked again after the reply' });
  });
});
