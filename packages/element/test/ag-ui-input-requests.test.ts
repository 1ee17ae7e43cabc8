import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import { agentServerUrl, scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { errorLines, shownText } from './support/dom.js';
import { field, formOf, outcome, part, submitFixedEmail, submitRefusedEmail, toolGot, type, waitingCard } from './support/input-request-cards.js';
import { INPUTS } from './support/input-request-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue 35.2 over AG-UI: <agent-chat transport="ag-ui"> on the agent-chat server's own POST /ag-ui. A running call's
// input request ends the AG-UI run with an `input_request` interrupt while the server's run waits; the element draws
// it with the same card as on its own protocol, and the card's answer goes as a resume run, whose events go on in the
// same turn. Against the test server's `input-requests` scenario (support/input-request-scenarios.ts).

async function chat(prefix: string): Promise<{ el: AgentChat; session: string }> {
  const session = uniqueSession(prefix);
  const endpoint = `${await scenario('input-requests')}/ag-ui`;
  const el = await fixture<AgentChat>(html`<agent-chat mode="inline" transport="ag-ui" endpoint=${endpoint} session=${session}></agent-chat>`);
  return { el, session };
}

describe('<agent-chat transport="ag-ui">: input requests as AG-UI interrupts (own server)', () => {
  it('a form request is a card under its call; submitted, the run goes on and the reply has the values', async () => {
    const { el, session } = await chat('ag-ui-input-form');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 15000 });
    void el.send(INPUTS.form);
    const card = await waitingCard(el, 'input-request-submit');
    await card.updateComplete;
    expect(shownText(part(card, 'input-request-message')!)).to.equal(INPUTS.formMessage);
    expect(shownText(part(card, 'input-request-server')!)).to.contain(INPUTS.server);
    expect(card.request?.toolCallId, 'drawn under the call that asked').to.be.a('string');
    expect(el.running, 'the turn waits with its call, as on the element’s own protocol').to.equal(true);

    const form = formOf(card);
    await form.updateComplete;
    expect(field(form, 'guests').value, 'the schema’s default').to.equal('2');
    await type(field(form, 'name'), 'Ada');
    await type(field(form, 'email'), 'ada@example.com');
    part(card, 'input-request-submit')!.click();

    const got = await toolGot(el);
    expect(got.action).to.equal('accept');
    expect(got.content).to.deep.include({ name: 'Ada', guests: 2, email: 'ada@example.com' });
    expect((await finished).detail.stopReason, 'one turn, from the message to the reply').to.equal('end_turn');
    expect(await outcome(card)).to.equal('Sent');
    expect(shownText(part(card, 'input-request-answers')!)).to.contain('Ada');
    expect(errorLines(el).map((line) => line.text)).to.deep.equal([]);
    const stored = await storedSession(await scenario('input-requests'), session);
    expect(stored.inputRequests?.[0]?.answer).to.deep.include({ action: 'accept', by: 'user' });
  });

  it('Decline answers decline through the resume, and the card says so', async () => {
    const { el } = await chat('ag-ui-input-decline');
    void el.send(INPUTS.form);
    const card = await waitingCard(el, 'input-request-decline');
    part(card, 'input-request-decline')!.click();
    expect(await toolGot(el)).to.include({ action: 'decline', by: 'user' });
    expect(await outcome(card)).to.equal('Declined');
  });

  it('an answer given before the asking run’s stream has ended waits for that end, then goes', async () => {
    const server = await agentServerUrl();
    const release = () => fetch(`${server}/__release-held`, { method: 'POST' });
    const el = await fixture<AgentChat>(
      html`<agent-chat mode="inline" transport="ag-ui" endpoint=${`${await scenario('input-requests-held')}/ag-ui`} session=${uniqueSession('ag-ui-input-early')}></agent-chat>`,
    );
    try {
      void el.send(INPUTS.form);
      // Drawn from RUN_FINISHED, whose response the test server holds open.
      const card = await waitingCard(el, 'input-request-decline');
      part(card, 'input-request-decline')!.click();
      await waitFor(() => card.shadowRoot!.querySelector('.sending'), { message: 'the card sending its answer' });
      expect(part(card, 'input-request-error'), 'not refused as no longer waiting').to.equal(null);
      await release();
      expect(await toolGot(el)).to.include({ action: 'decline', by: 'user' });
      expect(await outcome(card)).to.equal('Declined');
    } finally {
      await release();
    }
  });

  it('a value the agent refuses (its 400 on resume.0.payload.content.email) is said on that field; a fixed one goes through', async () => {
    const { el } = await chat('ag-ui-input-400');
    const { card, form, email } = await submitRefusedEmail(el, INPUTS.form);
    const error = form.shadowRoot!.querySelector('#field-email-error')!;
    expect(error.textContent!.length, 'the agent’s message').to.be.greaterThan(0);
    expect(error.textContent, 'without the resume’s path').to.not.contain('resume.');
    expect(part(card, 'input-request-error'), 'said on the field, not on the card').to.equal(null);
    expect(card.request?.answer, 'still waiting').to.equal(undefined);

    await submitFixedEmail(card, email);
    expect((await toolGot(el)).content).to.include({ email: 'ada@example.com' });
    expect(await outcome(card)).to.equal('Sent');
  });

  it('a sub-agent’s request is drawn in its branch and answered there', async () => {
    const { el } = await chat('ag-ui-input-subagent');
    void el.send(INPUTS.concierge);
    const card = await waitingCard(el, 'input-request-submit');
    let at: Node | null = card;
    while (at && !(at instanceof Element && at.localName === 'agent-chat-subagent')) at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
    expect(at, 'the card is in the sub-agent’s steps').to.not.equal(null);
    const form = formOf(card);
    await form.updateComplete;
    await type(field(form, 'name'), 'Ada');
    part(card, 'input-request-submit')!.click();
    expect((await toolGot(el)).content).to.include({ name: 'Ada' });
    expect(await outcome(card)).to.equal('Sent');
  });

  it('Stop while a card waits answers it cancelled for the user and ends the turn as stopped', async () => {
    const { el, session } = await chat('ag-ui-input-stop');
    void el.send(INPUTS.sampling);
    const card = await waitingCard(el, 'input-request-approve');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 15000 });
    await el.stop();
    expect((await finished).detail.stopReason).to.equal('cancelled');
    expect(await outcome(card)).to.equal('Cancelled: the run was stopped');
    const endpoint = await scenario('input-requests');
    // The server's run ends once it hears the answer and the closed request: read until it says so.
    let stored = await storedSession(endpoint, session);
    for (const started = performance.now(); stored.running && performance.now() - started < 15000; ) stored = await storedSession(endpoint, session);
    expect(stored.running, 'the server’s run over').to.equal(false);
    expect(stored.inputRequests?.[0]?.answer?.action, 'the server’s request answered').to.equal('cancel');
  });
});
