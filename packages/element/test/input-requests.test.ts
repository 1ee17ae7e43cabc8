import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { SubagentNode } from '../src/features/subagent-tree/subagent-node.js';
import { agentServerUrl, scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { centerOf, shownText, toolChips } from './support/dom.js';
import { cards, field, formOf, outcome, part, reply, submitFixedEmail, submitRefusedEmail, toolGot, type, waitingCard } from './support/input-request-cards.js';
import { INPUTS } from './support/input-request-texts.js';
import { waitFor } from './support/wait.js';

// Issue 35.2, the element's half: what a running tool call asks the user (ctx.requestInput, as an MCP server's
// elicitation or sampling request becomes) is a card under the call's chip. A form is filled in and submitted, or
// declined; a value the server refuses is said on its field; a link opens only on the user's click, which answers;
// the card is drawn again after a reload while it waits, and read-only once answered. Against the test server's
// `input-requests` scenario (support/input-request-scenarios.ts), whose tools return the answer they got and whose
// model then says it.

async function chat(session: string): Promise<AgentChat> {
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${await scenario('input-requests')} session=${session}></agent-chat>`);
}

/** The sub-agent whose steps hold `element` (through the shadow roots between). */
function branchOf(element: Element): Element | undefined {
  for (let at: Node | null = element; at; ) {
    at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
    if (at instanceof Element && at.localName === 'agent-chat-subagent') return at;
  }
  return undefined;
}

describe('input request cards (real server)', () => {
  it('a form is drawn from the schema, filled in and submitted: the tool gets the values, the card shows them read-only', async () => {
    const el = await chat(uniqueSession('input-form'));
    void el.send(INPUTS.form);
    const card = await waitingCard(el, 'input-request-submit');
    await card.updateComplete;
    expect(shownText(part(card, 'input-request-message')!)).to.equal(INPUTS.formMessage);
    expect(shownText(part(card, 'input-request-server')!)).to.contain(INPUTS.server);
    const chip = toolChips(el).find((each) => each.call?.name === 'book_table')!;
    expect(shownText(chip.shadowRoot!.querySelector('.state')!), 'the chip says it waits').to.equal('waiting for your answer');

    const form = formOf(card);
    await form.updateComplete;
    const name = field(form, 'name');
    expect(form.shadowRoot!.querySelector('label[for="field-name"]')!.textContent).to.contain(INPUTS.nameTitle);
    const hint = form.shadowRoot!.getElementById(name.getAttribute('aria-describedby')!)!;
    expect(hint.textContent, 'the description is the hint').to.equal(INPUTS.nameHint);
    expect(field(form, 'guests').value, 'a default').to.equal('2');
    expect(field(form, 'date').type).to.equal('date');
    expect(field(form, 'email').type).to.equal('email');
    expect(field(form, 'newsletter').checked, 'a boolean default').to.equal(true);
    const seating = field<HTMLSelectElement>(form, 'seating');
    expect(Array.from(seating.options, (option) => option.textContent!.trim())).to.include.members(['Inside', 'Terrace']);
    const extras = field(form, 'extras').querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect(extras).to.have.length(2);

    await type(name, 'Ada');
    await type(field(form, 'email'), 'ada@example.com');
    seating.value = 'out';
    seating.dispatchEvent(new Event('change'));
    extras[1]!.click();
    part(card, 'input-request-submit')!.click();

    const said = await reply(el);
    const got = JSON.parse(said.slice('The tool got '.length)) as { action: string; content: Record<string, unknown> };
    expect(got.action).to.equal('accept');
    expect(got.content).to.deep.equal({ name: 'Ada', guests: 2, email: 'ada@example.com', seating: 'out', extras: ['flowers'], newsletter: true });
    expect(await outcome(card)).to.equal('Sent');
    const answers = shownText(part(card, 'input-request-answers')!);
    expect(answers, 'a choice by its title').to.contain('Terrace');
    expect(answers).to.contain('Flowers');
    expect(part(card, 'input-request-submit'), 'no more buttons').to.equal(null);
  });

  it('Decline answers decline, and the card says so', async () => {
    const el = await chat(uniqueSession('input-decline'));
    void el.send(INPUTS.form);
    const card = await waitingCard(el, 'input-request-decline');
    part(card, 'input-request-decline')!.click();
    expect((await toolGot(el))).to.include({ action: 'decline', by: 'user' });
    expect(await outcome(card)).to.equal('Declined');
  });

  it('a value the server refuses is said on its field, and a fixed one goes through', async () => {
    const el = await chat(uniqueSession('input-400'));
    const { card, form, email } = await submitRefusedEmail(el, INPUTS.form);
    const error = form.shadowRoot!.querySelector('#field-email-error')!;
    expect(error.textContent!.length, 'the server’s message').to.be.greaterThan(0);
    expect(card.request?.answer, 'still waiting').to.equal(undefined);

    await submitFixedEmail(card, email);
    expect((await toolGot(el)).content).to.include({ email: 'ada@example.com' });
  });

  it('a waiting card is drawn again after a reload and can be answered; after the answer a reload shows it read-only', async () => {
    const session = uniqueSession('input-reload');
    const first = await chat(session);
    void first.send(INPUTS.form);
    await waitingCard(first, 'input-request-submit');
    first.remove();

    const second = await chat(session);
    const card = await waitingCard(second, 'input-request-submit');
    const form = formOf(card);
    await form.updateComplete;
    await type(field(form, 'name'), 'Grace');
    part(card, 'input-request-submit')!.click();
    expect((await toolGot(second)).content).to.include({ name: 'Grace' });
    second.remove();

    const third = await chat(session);
    const answered = await waitFor(() => cards(third).find((each) => each.request?.answer), { message: 'the answered card' });
    expect(await outcome(answered)).to.equal('Sent');
    expect(shownText(part(answered, 'input-request-answers')!)).to.contain('Grace');
    expect(part(answered, 'input-request-submit')).to.equal(null);
    expect((await storedSession(await scenario('input-requests'), session)).inputRequests?.[0]?.answer?.action).to.equal('accept');
  });

  it('a sub-agent’s call that asks has its card in the sub-agent’s steps, which open by themselves', async () => {
    const el = await chat(uniqueSession('input-subagent'));
    void el.send(INPUTS.concierge);
    const card = await waitingCard(el, 'input-request-submit');
    const node = branchOf(card);
    expect(node, 'the card is in the sub-agent’s steps').to.not.equal(undefined);
    await waitFor(() => (node as SubagentNode).open, { message: 'the sub-agent opened for the card' });
    const form = formOf(card);
    await form.updateComplete;
    await type(field(form, 'name'), 'Ada');
    part(card, 'input-request-submit')!.click();
    expect(await reply(el)).to.contain('"name":"Ada"');
    expect(await outcome(card)).to.equal('Sent');
  });

  it('Stop answers cancel for the user, and the card says the run was stopped', async () => {
    const el = await chat(uniqueSession('input-stop'));
    void el.send(INPUTS.sampling);
    const card = await waitingCard(el, 'input-request-approve');
    await card.updateComplete;
    expect(shownText(part(card, 'input-request-sampling')!)).to.contain(INPUTS.samplingText);
    expect(shownText(part(card, 'input-request-sampling')!)).to.contain(INPUTS.samplingSystem);
    expect(shownText(part(card, 'input-request-sampling')!)).to.contain(String(INPUTS.samplingMaxTokens));
    await el.stop();
    expect(await outcome(card)).to.equal('Cancelled: the run was stopped');
  });

  it('a link is not opened until it is clicked; the click opens it and answers accept', async () => {
    const id = uniqueSession('opened');
    const url = `${await agentServerUrl()}/__opened/${id}`;
    const wasOpened = async () => ((await (await fetch(`${await agentServerUrl()}/__was-opened/${id}`)).json()) as { opened: boolean }).opened;
    const el = await chat(uniqueSession('input-link'));
    void el.send(`${INPUTS.link} ${url}`);
    const card = await waitingCard(el, 'input-request-open');
    await card.updateComplete;
    const open = part(card, 'input-request-open') as HTMLAnchorElement;
    expect(open.href).to.equal(url);
    expect(open.target).to.equal('_blank');
    expect(open.rel).to.equal('noopener noreferrer');
    expect(shownText(part(card, 'input-request-site')!), 'the origin, plainly').to.contain(new URL(url).origin);
    expect(await wasOpened(), 'nothing opened before the click').to.equal(false);

    await sendMouse({ type: 'click', position: centerOf(open) });
    await resetMouse();
    expect(await reply(el)).to.equal(INPUTS.reply('accept'));
    // The server heard from the tab the click opened (asked until it has; each ask is a round trip).
    let seen = false;
    await waitFor(() => {
      void wasOpened().then((opened) => (seen ||= opened));
      return seen;
    }, { message: 'the tab the click opened' });
    expect(await outcome(card)).to.contain('Opened');
  });
});
