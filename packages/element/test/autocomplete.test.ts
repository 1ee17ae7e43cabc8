import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { Item } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { MessageSentDetail, StateChangeDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composer, draftMentions, shownText, suggestionOptions, textarea } from './support/dom.js';
import { commandReply } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

const FACTS: Item[] = [
  { id: 'F-1', type: 'fact', title: 'Revenue grew 12%' },
  { id: 'F-2', type: 'fact', title: 'Costs fell', text: 'Operating costs fell by 3%' },
];
const INSIGHTS: Item[] = [{ id: 'I-1', type: 'insight', title: 'Revenue mix shifted' }];

const optionNames = (el: AgentChat) => suggestionOptions(el).map((option) => shownText(option.querySelector('.name')!));
const activeName = (el: AgentChat) => {
  const id = textarea(el).getAttribute('aria-activedescendant');
  const option = id ? composer(el).shadowRoot!.getElementById(id) : null;
  expect(option?.getAttribute('aria-selected'), 'the active descendant is the selected option').to.equal('true');
  return shownText(option!.querySelector('.name')!);
};

describe('<agent-chat> autocomplete by keyboard alone', () => {
  it('/ suggests the server’s commands; arrows move, Enter and Tab pick, Escape closes; the command runs', async () => {
    const endpoint = await scenario('commands');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('slash')}></agent-chat>`);
    const states: unknown[] = [];
    el.adapter = { onStateChange: (state) => states.push(state) };
    const input = textarea(el);
    expect(input.getAttribute('aria-autocomplete')).to.equal('list');
    expect(input.hasAttribute('aria-controls'), 'no list yet').to.equal(false);
    input.focus();

    await sendKeys({ type: '/' });
    await waitFor(() => suggestionOptions(el).length === 3, { message: 'the three commands' });
    expect(optionNames(el)).to.deep.equal(['/stage', '/next', '/new']);
    const listbox = composer(el).shadowRoot!.getElementById(input.getAttribute('aria-controls')!)!;
    expect(listbox.getAttribute('role')).to.equal('listbox');
    expect(activeName(el)).to.equal('/stage');
    await sendKeys({ press: 'ArrowDown' });
    expect(activeName(el)).to.equal('/next');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    expect(activeName(el), 'wraps around').to.equal('/new');

    // Narrowed by what is typed, picked with Enter.
    await sendKeys({ type: 'st' });
    await waitFor(() => optionNames(el).join() === '/stage', { message: 'only /stage' });
    await sendKeys({ press: 'Enter' });
    expect(input.value).to.equal('/stage ');
    expect(suggestionOptions(el)).to.have.length(0);
    expect(input.hasAttribute('aria-controls'), 'the list is gone').to.equal(false);

    await sendKeys({ type: '3' });
    const stateChanged = nextEvent<CustomEvent<StateChangeDetail>>(el, 'agent-chat-state-change');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ press: 'Enter' });
    await finished;
    expect((await stateChanged).detail.state).to.deep.equal({ stage: 3 });
    expect(states).to.deep.equal([{ stage: 3 }]);
    await waitFor(() => assistantBubbles(el)[0]?.text === commandReply('3'), { message: 'the command’s reply' });

    // Tab picks too.
    await sendKeys({ type: '/n' });
    await waitFor(() => optionNames(el).length === 2, { message: '/next and /new' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Tab' });
    expect(input.value).to.equal('/new ');
    expect(composer(el).shadowRoot!.activeElement, 'Tab picked, focus stayed').to.equal(input);

    // Escape closes, and the list stays closed while typing on in the same word.
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '/' });
    await waitFor(() => suggestionOptions(el).length === 3, { message: 'the list again' });
    await sendKeys({ press: 'Escape' });
    expect(suggestionOptions(el)).to.have.length(0);
    await sendKeys({ type: 'ne' });
    // The composer has drawn what the typing led to (nothing here waits for a timer), rather than 50 ms having passed.
    await composer(el).updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(suggestionOptions(el)).to.have.length(0);
    expect(input.value).to.equal('/ne');
  });

  it('@ suggests the host’s items, grouped and filtered; a pick becomes a token in the text and reaches the server in references', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('mention');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const queries: string[] = [];
    el.adapter = {
      mentionables: async (query) => {
        queries.push(query);
        return [
          { type: 'fact', label: 'Facts', items: FACTS },
          { type: 'insight', label: 'Insights', items: INSIGHTS },
        ];
      },
    };
    textarea(el).focus();
    await sendKeys({ type: 'Compare @' });
    await waitFor(() => suggestionOptions(el).length === 3, { message: 'all items' });
    const groups = Array.from(composer(el).shadowRoot!.querySelectorAll('.group')).map((g) => g.textContent!.trim());
    expect(groups).to.deep.equal(['Facts', 'Insights']);

    await sendKeys({ type: 'rev' });
    await waitFor(() => optionNames(el).join() === 'Revenue grew 12%,Revenue mix shifted', { message: 'the items matching "rev"' });
    expect(queries.at(-1)).to.equal('rev');
    await sendKeys({ press: 'ArrowDown' });
    expect(activeName(el)).to.equal('Revenue mix shifted');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    expect(textarea(el).value).to.equal('Compare @Revenue grew 12% ');
    await waitFor(() => draftMentions(el).length === 1, { message: 'the token' });
    expect(draftMentions(el)).to.deep.equal([{ text: '@Revenue grew 12%', id: 'F-1' }]);

    await sendKeys({ type: 'with @oper' });
    await waitFor(() => optionNames(el).join() === 'Costs fell', { message: 'a match on the text' });
    await sendKeys({ press: 'Tab' });
    await waitFor(() => draftMentions(el).length === 2, { message: 'the second token' });

    const sent = nextEvent<CustomEvent<MessageSentDetail>>(el, 'agent-chat-message-sent');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ press: 'Enter' });
    expect((await sent).detail.references.map((r) => r.id)).to.deep.equal(['F-1', 'F-2']);
    await finished;
    expect(draftMentions(el), 'sent with the message').to.deep.equal([]);

    const stored = await storedSession(endpoint, session);
    const user = stored.turns.find((turn) => turn.type === 'user');
    expect(user).to.deep.include({ text: 'Compare @Revenue grew 12% with @Costs fell' });
    expect(user!.type === 'user' && user!.references).to.deep.equal([FACTS[0], FACTS[1]]);
  });
});
