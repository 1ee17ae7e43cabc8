// Issue #20, point 1: a command typed out in full runs on the first Enter; the `/` list shows only the commands the
// server says are usable for the page's context now; an unknown `/foo` is answered at once, without the model, by
// the server, in a history that stays a valid exchange.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { commandSuggestions, runsAsTyped } from '../src/features/autocomplete/suggestions.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { STAGED } from './support/command-texts.js';
import { assistantBubbles, shownText, suggestionOptions, textarea, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

const optionNames = (el: AgentChat) => suggestionOptions(el).map((option) => shownText(option.querySelector('.name')!));

/** An element on the staged scenario whose page is at `page.stage`, as its context says. */
async function stagedChat(prefix: string) {
  const page = { stage: 1 };
  const session = uniqueSession(prefix);
  const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario('staged-commands')} session=${session}></agent-chat>`);
  el.adapter = { getContext: () => ({ stage: page.stage }) };
  await el.updateComplete;
  textarea(el).focus();
  return { el, page, session };
}

/** Type, wait for the list to show what is expected, and press Enter; resolves when that reply has finished. */
async function typeAndEnter(el: AgentChat, text: string, shown: string[]) {
  await sendKeys({ type: text });
  await waitFor(() => optionNames(el).join() === shown.join(), { message: `the list ${shown.join()} for ${text}` });
  const finished = nextEvent(el, 'agent-chat-run-finish');
  await sendKeys({ press: 'Enter' });
  return finished;
}

describe('<agent-chat> slash commands (issue #20, point 1)', () => {
  it('a command typed out in full runs on the first Enter, with its list open', async () => {
    const { el, session } = await stagedChat('slash-run');
    const sent = nextEvent<CustomEvent<{ text: string }>>(el, 'agent-chat-message-sent');
    await typeAndEnter(el, '/next', ['/next']);
    expect((await sent).detail.text).to.equal('/next');
    expect(textarea(el).value, 'sent, not completed').to.equal('');
    expect(suggestionOptions(el)).to.have.length(0);
    await waitFor(() => assistantBubbles(el)[0]?.text === STAGED.next, { message: 'the command’s reply' });
    const stored = await storedSession(await scenario('staged-commands'), session);
    expect(stored.turns[0]).to.include({ type: 'user', text: '/next', command: 'next' });
  });

  it('a part of a name, or a command that needs an argument, is completed by Enter; the argument then runs it', async () => {
    const { el } = await stagedChat('slash-complete');
    await sendKeys({ type: '/ne' });
    await waitFor(() => optionNames(el).join() === '/next', { message: '/next for /ne' });
    await sendKeys({ press: 'Enter' });
    expect(textarea(el).value).to.equal('/next ');
    for (let i = 0; i < '/next '.length; i++) await sendKeys({ press: 'Backspace' });

    await sendKeys({ type: '/stage' });
    await waitFor(() => optionNames(el).join() === '/stage', { message: '/stage' });
    await sendKeys({ press: 'Enter' });
    expect(textarea(el).value, '/stage wants its number').to.equal('/stage ');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ type: '4' });
    await sendKeys({ press: 'Enter' });
    await finished;
    await waitFor(() => assistantBubbles(el)[0]?.text === STAGED.stage('4'), { message: 'the stage reply' });
  });

  it('the list shows only the commands available for the page’s context now', async () => {
    const { el, page } = await stagedChat('slash-available');
    await sendKeys({ type: '/' });
    await waitFor(() => optionNames(el).length === 2, { message: 'the commands of stage 1' });
    expect(optionNames(el)).to.deep.equal(['/next', '/stage']);
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Backspace' });

    // The page moves on: the next `/` asks again, with the new context.
    page.stage = 3;
    await sendKeys({ type: '/' });
    await waitFor(() => optionNames(el).join() === '/stage,/publish', { message: 'the commands of stage 3' });
    await sendKeys({ type: 'n' });
    await waitFor(() => suggestionOptions(el).length === 0, { message: 'no list: /next is not available at stage 3' });
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => optionNames(el).length === 2, { message: 'the list again' });

    await typeAndEnter(el, 'publish', ['/publish']);
    await waitFor(() => assistantBubbles(el)[0]?.text === STAGED.publish, { message: '/publish ran' });
  });

  it('an unknown /foo is answered at once, without the model, with the commands available; the history stays valid', async () => {
    const { el, session } = await stagedChat('slash-unknown');
    const finished = nextEvent<CustomEvent<{ stopReason: string }>>(el, 'agent-chat-run-finish');
    await sendKeys({ type: '/foo' });
    await sendKeys({ press: 'Enter' });
    expect((await finished).detail.stopReason).to.equal('end_turn');

    const reply = await waitFor(() => assistantBubbles(el)[0], { message: 'the answer' });
    expect(reply.text).to.equal(
      'Unknown command /foo. Available commands:\n- `/next`: Go to the next stage\n- `/stage <n>`: Go to a stage',
    );
    expect(reply.text).not.to.equal(echo('/foo'));
    // Drawn as a list, with each command as code.
    await waitFor(() => reply.shadowRoot?.querySelectorAll('li code').length === 2, { message: 'the list drawn' });
    expect(Array.from(reply.shadowRoot!.querySelectorAll('li code')).map((code) => code.textContent)).to.deep.equal(['/next', '/stage <n>']);

    // Stored as an exchange, and the next message goes to the model after it.
    const endpoint = await scenario('staged-commands');
    expect((await storedSession(endpoint, session)).turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text']);
    await el.send('hello');
    await waitFor(() => assistantBubbles(el)[1]?.text === echo('hello'), { message: 'the model’s reply' });
    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal(['/foo', 'hello']);
    expect((await storedSession(endpoint, session)).turns.map((turn) => turn.type)).to.deep.equal(['user', 'assistant_text', 'user', 'assistant_text']);
  });

  it('a command not available now is not run: the answer says so', async () => {
    const { el } = await stagedChat('slash-unavailable');
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ type: '/publish' });
    await sendKeys({ press: 'Enter' });
    await finished;
    await waitFor(() => assistantBubbles(el)[0]?.text, { message: 'the answer' });
    expect(assistantBubbles(el)[0]!.text).to.match(/^\/publish is not available here\. Available commands:/);
  });
});

describe('which Enter runs a command', () => {
  const commands = [
    { name: 'new', description: 'New', args: [] },
    { name: 'renew', description: 'Again', args: [] },
    { name: 'ne', description: 'North-east', args: [{ name: 'steps' }] },
    { name: 'stage', description: 'Stage', args: [{ name: 'n', required: true }] },
  ];
  const first = (query: string) => commandSuggestions(commands, query)[0]?.options[0];

  it('lists the command named exactly first, so it is the active option', () => {
    expect(commandSuggestions(commands, 'ne')[0]!.options.map((o) => o.kind === 'command' && o.command.name)).to.deep.equal(['ne', 'new', 'renew']);
  });

  it('runs a name typed out in full (any case) that needs no argument; completes the rest', () => {
    expect(runsAsTyped(first('new'), 'new')).to.equal(true);
    expect(runsAsTyped(first('NEW'), 'NEW')).to.equal(true);
    expect(runsAsTyped(first('ne'), 'ne'), 'an optional argument').to.equal(true);
    expect(runsAsTyped(first('re'), 're'), 'a part of a name').to.equal(false);
    expect(runsAsTyped(first('stage'), 'stage'), 'a required argument').to.equal(false);
    expect(runsAsTyped(undefined, 'new')).to.equal(false);
  });
});
