import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ToolCallTurn, ToolResultTurn } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import type { ReplyAnnouncer } from '../src/features/message-list/reply-announcer.js';
import type { ToolChip } from '../src/features/cards/tool-chip.js';
import { holdSlowTool, scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, confirmCards, deepAll, errorLines, messageList, toolChips } from './support/dom.js';
import { ASK, HIGHLIGHT, INITIAL_TITLE, ITEM, MODEL_ERROR, SLOW_TOOL, STEPS } from './support/rendering-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

const text = (el: Element) => (el.shadowRoot?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
const callOf = (turns: readonly { type: string }[], name: string) =>
  turns.find((t): t is ToolCallTurn => t.type === 'tool_call' && (t as ToolCallTurn).name === name)!;
const resultOf = (turns: readonly { type: string }[], toolCallId: string) =>
  turns.find((t): t is ToolResultTurn => t.type === 'tool_result' && (t as ToolResultTurn).toolCallId === toolCallId);
const undoBars = (el: AgentChat) => deepAll(el.shadowRoot!, 'agent-chat-undo-bar');
const announcer = (el: AgentChat) => messageList(el).shadowRoot!.querySelector<ReplyAnnouncer>('agent-chat-reply-announcer')!;

async function chat(session = uniqueSession('render'), mode = 'inline', name = 'rendering'): Promise<AgentChat> {
  const endpoint = await scenario(name);
  return fixture<AgentChat>(html`<agent-chat mode=${mode} endpoint=${endpoint} session=${session}></agent-chat>`);
}

async function card(el: AgentChat): Promise<ConfirmCard> {
  const found = await waitFor(() => confirmCards(el)[0], { message: 'a confirmation card' });
  await found.updateComplete;
  return found;
}
const cardPart = (c: ConfirmCard, name: string) => c.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`)!;

/** A style element in the host page, as an integrator's stylesheet would be. */
function pageStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
}

describe('rendering an agent turn (real server)', () => {
  it('shows every kind of step: typing first, thinking, chips done and failed, a status, text, the answer card; hidden tools not at all', async () => {
    const el = await chat();
    const finished = nextEvent(el, 'agent-chat-run-finish');
    void el.send(ASK.everyStep);
    await el.updateComplete;
    await waitFor(() => deepAll(el.shadowRoot!, '[part~="typing"]').length === 1, { message: 'the typing indicator before the first token' });
    await finished;
    await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-answer-card').length === 1, { message: 'the answer card' });

    const turns = deepAll(el.shadowRoot!, 'agent-chat-turn');
    expect(turns, 'one group for the one message').to.have.length(1);
    expect(turns[0]!.shadowRoot!.querySelector('[part~="turn"]')!.getAttribute('role')).to.equal('group');
    const thinking = deepAll(el.shadowRoot!, 'agent-chat-thinking')[0]!;
    expect(thinking.shadowRoot!.querySelector('details')!.open).to.equal(false);

    const chips = deepAll<ToolChip>(el.shadowRoot!, 'agent-chat-tool-chip');
    expect(chips.map((c) => [c.call!.name, c.state])).to.deep.equal([
      ['search_notes', 'done'],
      ['check_archive', 'failed'],
      ['rename_board', 'done'],
    ]);
    // The hidden tool really ran; it is only not shown. The answer tool is its card, not a chip.
    const stored = await storedSession(el.endpoint, el.sessionId);
    expect(resultOf(stored.turns, callOf(stored.turns, 'write_log').toolCallId)?.output).to.equal('noted');
    expect(text(messageList(el).shadowRoot!.querySelector('[role="log"]')!)).not.to.contain('write_log');
    expect(text(chips[1]!)).to.contain('✗').and.contain(STEPS.failingLabel);
    expect(chips[1]!.shadowRoot!.querySelector('pre')!.textContent).to.contain(STEPS.failure);
    expect(deepAll(el.shadowRoot!, 'agent-chat-notice[tone="status"]').map(text)).to.deep.equal([STEPS.status]);
    expect(deepAll(el.shadowRoot!, 'agent-chat-message[sender="assistant"]').map((b) => (b as unknown as { text: string }).text)).to.deep.equal([
      STEPS.before,
      STEPS.after,
    ]);

    const answer = deepAll(el.shadowRoot!, 'agent-chat-answer-card')[0]!;
    expect(text(answer.shadowRoot!.querySelector('[part~="answer-summary"]')!)).to.contain('The board is now called').and.contain('Q3 plan');
    expect(Array.from(answer.shadowRoot!.querySelectorAll('a')).map((a) => a.getAttribute('href'))).to.deep.equal(['/board', 'https://example.com/naming']);
    const suggestions = Array.from(answer.shadowRoot!.querySelectorAll('button'));
    expect(suggestions.map((b) => b.textContent!.trim())).to.deep.equal([...STEPS.suggestions]);
    // The log stays quiet while text streams; the finished reply is said once, by the announcer.
    expect(messageList(el).shadowRoot!.querySelector('[role="log"]')!.getAttribute('aria-live')).to.equal('off');
    await waitFor(() => announcer(el).announcement === STEPS.summary, { message: 'the final answer announced' });

    // A suggestion is sent as the next message.
    const next = nextEvent(el, 'agent-chat-run-finish');
    suggestions[1]!.click();
    await next;
    expect(el.turns.filter((t) => t.type === 'user').map((t) => (t as { text: string }).text)).to.deep.equal([ASK.everyStep, STEPS.suggestions[1]]);
    await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-turn').length === 2, { message: 'a second group' });
  });

  it('exports the parts of the turns through the list: agent-chat::part(...) reaches chips, cards, bubbles and Undo', async () => {
    const styles = [
      pageStyle('agent-chat::part(tool-chip) { border-top-color: rgb(9, 8, 7); }'),
      pageStyle('agent-chat::part(answer-card) { border-top-color: rgb(7, 6, 5); }'),
      pageStyle('agent-chat::part(user) { border-top-color: rgb(5, 4, 3); }'),
      pageStyle('agent-chat::part(undo-button) { border-top-color: rgb(3, 2, 1); }'),
    ];
    try {
      const el = await chat(uniqueSession('parts'), 'floating');
      el.open();
      await el.send(ASK.everyStep);
      const part = (host: string, name: string) =>
        waitFor(() => deepAll(el.shadowRoot!, host)[0]?.shadowRoot?.querySelector(`[part~="${name}"]`), { message: name });
      expect(getComputedStyle(await part('agent-chat-tool-chip', 'tool-chip')).borderTopColor).to.equal('rgb(9, 8, 7)');
      expect(getComputedStyle(await part('agent-chat-answer-card', 'answer-card')).borderTopColor).to.equal('rgb(7, 6, 5)');
      expect(getComputedStyle(await part('agent-chat-message[sender="user"]', 'user')).borderTopColor).to.equal('rgb(5, 4, 3)');
      expect(getComputedStyle(await part('agent-chat-undo-bar', 'undo-button')).borderTopColor).to.equal('rgb(3, 2, 1)');
    } finally {
      for (const style of styles) style.remove();
    }
  });

  it('keeps the latest in view as the turn grows, leaves a reader who scrolled up where they are, and offers a jump back', async () => {
    const endpoint = await scenario('rendering');
    const el = await fixture<AgentChat>(
      html`<agent-chat endpoint=${endpoint} session=${uniqueSession('scroll')} style="--agent-chat-height: 260px; --agent-chat-min-height: 0"></agent-chat>`,
    );
    const list = messageList(el);
    const gap = () => list.scrollHeight - list.scrollTop - list.clientHeight;
    await el.send(ASK.everyStep);
    await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-answer-card').length === 1, { message: 'the answer card' });
    expect(list.scrollHeight, 'the turn overflows the list').to.be.greaterThan(list.clientHeight + 200);
    await waitFor(() => gap() <= 1, { message: 'the answer card, last and tallest, in view' });

    list.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const failed = toolChips(el)[1]!.shadowRoot!;
    failed.querySelector('summary')!.click();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(failed.querySelector('details')!.open).to.equal(true);
    expect(list.scrollTop, 'not dragged down').to.equal(0);

    // Away from the latest, a button brings the reader back; it goes once they are there.
    const jump = await waitFor(() => list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="jump-button"]'), { message: 'the jump button' });
    expect(jump.textContent).to.contain('Jump to latest');
    jump.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => gap() <= 1, { message: 'back at the latest' });
    expect(list.shadowRoot!.activeElement, 'the focus stays in the list').to.equal(list.shadowRoot!.querySelector('[role="log"]'));
    await waitFor(() => !list.shadowRoot!.querySelector('[part~="jump-button"]'), { message: 'the button gone' });
  });

  it('Undo calls the server, tells the host the restored state, shows "Changes undone", and goes away', async () => {
    const el = await chat();
    const states: unknown[] = [];
    el.adapter = { onStateChange: (state) => states.push(state) };
    await el.send(ASK.everyStep);
    const bar = await waitFor(() => undoBars(el)[0], { message: 'the undo bar' });
    const changed = nextEvent<CustomEvent<{ state: { title: string } }>>(el, 'agent-chat-state-change', {
      filter: (event) => event.detail.state?.title === INITIAL_TITLE,
    });
    const button = await waitFor(() => bar.shadowRoot!.querySelector('button'), { message: 'the undo button' });
    button.focus();
    await sendKeys({ press: 'Enter' });
    expect((await changed).detail.state.title).to.equal(INITIAL_TITLE);
    await waitFor(() => undoBars(el).length === 0, { message: 'the bar to go' });
    expect(states.at(-1)).to.deep.include({ title: INITIAL_TITLE });
    const notices = deepAll(el.shadowRoot!, 'agent-chat-notice[tone="status"]').map(text);
    expect(notices.at(-1)).to.equal('Changes undone');
    expect((await storedSession(el.endpoint, el.sessionId)).undoable).to.equal(false);
  });

  it('Undo comes back after a reload, and a change already undone elsewhere is refused in words, the button gone', async () => {
    const session = uniqueSession('undo-refused');
    const first = await chat(session);
    await first.send(ASK.everyStep);
    await waitFor(() => undoBars(first).length === 1, { message: 'the undo bar' });
    first.remove();

    const el = await chat(session);
    const bar = await waitFor(() => undoBars(el)[0], { message: 'the undo bar after a reload' });
    // Another tab undoes the change first.
    const undo = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect((await fetch(`${el.endpoint}/sessions/${session}/undo`, undo)).status).to.equal(200);
    const errors: unknown[] = [];
    el.addEventListener('agent-chat-error', (event) => errors.push((event as CustomEvent).detail));
    const button = await waitFor(() => bar.shadowRoot!.querySelector('button'), { message: 'the undo button' });
    button.click();
    await waitFor(() => !bar.shadowRoot!.querySelector('button'), { message: 'the button to go' });
    expect(text(bar)).to.equal('Nothing to undo: these changes were already undone or replaced.');
    expect(undoBars(el), 'the explanation stays').to.deep.equal([bar]);
    expect(errors).to.have.length(1);
    expect((await storedSession(el.endpoint, session)).undoable).to.equal(false);
  });

  it('shows a spinner while a tool runs, an error in red, and "Stopped by user" after Stop; read-only turns offer no Undo', async () => {
    const el = await chat();
    const release = await holdSlowTool(el.sessionId);
    const done = el.send(ASK.slowTool);
    const chip = await waitFor(() => deepAll<ToolChip>(el.shadowRoot!, 'agent-chat-tool-chip')[0], { message: 'the chip' });
    await waitFor(() => chip.state === 'running', { message: 'the chip running' });
    await chip.updateComplete;
    expect(chip.shadowRoot!.querySelector('svg.spinner')).to.exist;
    await release();
    await done;
    await waitFor(() => chip.state === 'done', { message: 'the check' });
    expect(undoBars(el)).to.have.length(0);

    await el.send(ASK.modelError);
    const error = await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-notice[tone="error"]')[0], { message: 'the error line' });
    expect(text(error)).to.contain(MODEL_ERROR.message);
    expect(getComputedStyle(error.shadowRoot!.querySelector('[part~="error"]')!).color).to.equal('rgb(194, 34, 44)');

    // Held until Stop ends it: Stop must find it running.
    await holdSlowTool(el.sessionId);
    void el.send(ASK.slowTool);
    await waitFor(() => deepAll<ToolChip>(el.shadowRoot!, 'agent-chat-tool-chip').length === 2, { message: 'the second chip' });
    await el.stop();
    await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-notice[tone="status"]').map(text).includes('Stopped by user'), {
      message: 'the stopped line',
    });
    expect(SLOW_TOOL.ms).to.be.greaterThan(0);
  });
});

describe('confirmation cards (real server)', () => {
  it('Confirm approves: the server runs the tool and the card reads applied', async () => {
    const el = await chat();
    await el.send(ASK.edit);
    const c = await card(el);
    expect(c.status).to.equal('pending');
    expect(text(c)).to.contain(`Edit ${ITEM.id}`).and.contain(ITEM.editLabel);
    expect(toolChips(el), 'the card instead of a chip').to.have.length(0);
    await waitFor(() => announcer(el).announcement === `Waiting for confirmation: ${ITEM.editLabel}`, { message: 'the card announced' });
    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-confirm').click();
    await finished;
    await waitFor(() => c.status === 'applied', { message: 'applied' });
    const stored = await storedSession(el.endpoint, el.sessionId);
    const call = callOf(stored.turns, 'edit_item');
    expect(resultOf(stored.turns, call.toolCallId)).to.deep.include({ isError: false, output: { id: ITEM.id, text: ITEM.edited } });
    expect(stored.pending).to.deep.equal([]);
    // A write went through: Undo is offered under the turn.
    await waitFor(() => undoBars(el).length === 1, { message: 'the undo bar' });
  });

  it('Edit sends the changed input after refusing an invalid one', async () => {
    const el = await chat();
    await el.send(ASK.edit);
    const c = await card(el);
    cardPart(c, 'card-edit').click();
    const form = await waitFor(() => c.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the form' });
    await form.updateComplete;
    const field = (name: string) => form.shadowRoot!.querySelector<HTMLInputElement>(`#field-${name}`)!;
    field('text').focus();
    field('text').select();
    await sendKeys({ type: 'No' });
    cardPart(c, 'card-confirm').click();
    await form.updateComplete;
    expect(form.shadowRoot!.querySelector('#field-text-error')!.textContent).to.equal('Must be at least 3 characters long.');
    expect((await storedSession(el.endpoint, el.sessionId)).pending).to.have.length(1);

    field('text').select();
    await sendKeys({ type: 'Ship it in July' });
    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-confirm').click();
    await finished;
    await waitFor(() => c.status === 'applied', { message: 'applied' });
    const stored = await storedSession(el.endpoint, el.sessionId);
    const call = callOf(stored.turns, 'edit_item');
    expect(resultOf(stored.turns, call.toolCallId)).to.deep.include({ isError: false, output: { id: ITEM.id, text: 'Ship it in July' } });
  });

  it('Cancel denies: the agent reads a refusal and the card reads cancelled', async () => {
    const el = await chat();
    await el.send(ASK.delete);
    const c = await card(el);
    expect(text(c)).to.contain(ITEM.impact[0]);
    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-cancel').click();
    await finished;
    await waitFor(() => c.status === 'cancelled', { message: 'cancelled' });
    const stored = await storedSession(el.endpoint, el.sessionId);
    const call = callOf(stored.turns, 'delete_item');
    const result = resultOf(stored.turns, call.toolCallId)!;
    expect(result.isError).to.equal(true);
    expect(String(result.output)).to.match(/^The user refused this action/);
    expect(undoBars(el), 'nothing changed, nothing to undo').to.have.length(0);
  });

  it('a pending card comes back after a reload, and can be confirmed from there', async () => {
    const session = uniqueSession('reload-card');
    const first = await chat(session);
    await first.send(ASK.edit);
    await card(first);
    first.remove();

    const second = await chat(session);
    const c = await card(second);
    expect(c.status).to.equal('pending');
    const finished = nextEvent(second, 'agent-chat-run-finish');
    cardPart(c, 'card-confirm').click();
    await finished;
    await waitFor(() => c.status === 'applied', { message: 'applied after the reload' });
    const stored = await storedSession(second.endpoint, session);
    expect(resultOf(stored.turns, callOf(stored.turns, 'edit_item').toolCallId)?.isError).to.equal(false);
  });
});

describe('a client tool that asks first (real server)', () => {
  it('shows its card; Confirm runs the page’s handler with the input and the agent goes on with its result', async () => {
    const el = await chat();
    const ran: unknown[] = [];
    el.adapter = { tools: { highlight_item: (input: { id: string }) => (ran.push(input), { highlighted: input.id }) } };
    await el.send(ASK.highlight);
    const c = await card(el);
    expect(c.call).to.deep.include({ name: 'highlight_item', reason: 'client', confirm: true });
    expect(text(c)).to.contain(HIGHLIGHT.title).and.contain(HIGHLIGHT.label);
    expect(ran, 'nothing runs before the user says so').to.deep.equal([]);

    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-confirm').click();
    await finished;
    expect(ran).to.deep.equal([{ id: ITEM.id }]);
    await waitFor(() => c.status === 'applied', { message: 'applied' });
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal([HIGHLIGHT.done]);
    const stored = await storedSession(el.endpoint, el.sessionId);
    expect(resultOf(stored.turns, callOf(stored.turns, 'highlight_item').toolCallId)).to.deep.include({
      isError: false,
      output: { highlighted: ITEM.id },
    });
  });

  it('Cancel never runs the handler; the card reads cancelled and the agent hears the refusal', async () => {
    const el = await chat();
    const ran: unknown[] = [];
    el.adapter = { tools: { highlight_item: (input: unknown) => void ran.push(input) } };
    await el.send(ASK.highlight);
    const c = await card(el);
    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-cancel').click();
    await finished;
    await waitFor(() => c.status === 'cancelled', { message: 'cancelled' });
    expect(ran).to.deep.equal([]);
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal([HIGHLIGHT.refused]);
  });

  it('with adapter.confirm the host asks instead: no card to answer while it does', async () => {
    const el = await chat();
    const ran: unknown[] = [];
    let cardsWhileAsking = -1;
    el.adapter = {
      confirm: async (call) => {
        await el.updateComplete;
        await messageList(el).updateComplete;
        cardsWhileAsking = confirmCards(el).filter((c) => c.status === 'pending').length;
        return call.name === 'highlight_item' ? { action: 'approve' } : { action: 'deny' };
      },
      tools: { highlight_item: (input: unknown) => (ran.push(input), 'ok') },
    };
    await el.send(ASK.highlight);
    expect(cardsWhileAsking).to.equal(0);
    expect(ran).to.deep.equal([{ id: ITEM.id }]);
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal([HIGHLIGHT.done]);
  });
});

describe('when GET /tools fails (real server)', () => {
  it('the conversation still shows, every call as a chip, cards still answer, and a new adapter tries the catalog again', async () => {
    const tag = uniqueSession('tag');
    const endpoint = await scenario('rendering-no-tools');
    const el = await fixture<AgentChat>(
      html`<agent-chat .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }} endpoint=${endpoint} session=${uniqueSession('no-tools')}></agent-chat>`,
    );
    await el.send(ASK.everyStep);
    // A failed catalog is an answered one: the finished reply is said at once, not after the wait for a catalog. "At
    // once" is before that one-second wait would end (a timer as long, started now, after the announcer's own would
    // have been), not within 600 ms, which a busy machine can spend on a frame or two.
    let waitOver = false;
    const wait = setTimeout(() => (waitOver = true), 1000);
    await waitFor(() => announcer(el).announcement !== '' || waitOver, { message: 'the reply announced, or the wait over' });
    clearTimeout(wait);
    expect(announcer(el).announcement, 'the reply announced without waiting').not.to.equal('');
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply' });
    const chips = toolChips(el);
    await Promise.all(chips.map((chip) => chip.updateComplete));
    // Without the catalog nothing is known to be hidden or an answer: each is a plain chip, which is never wrong.
    expect(chips.map((chip) => chip.call!.name)).to.deep.equal(['search_notes', 'check_archive', 'rename_board', 'write_log', 'final_answer']);
    expect(errorLines(el), 'a missing catalog is not an error of the conversation').to.have.length(0);

    // The pending call carries what its card needs; without the schema there is no Edit, but Confirm works.
    await el.send(ASK.edit);
    const c = await card(el);
    expect(cardPart(c, 'card-edit')).to.equal(null);
    const finished = nextEvent(el, 'agent-chat-run-finish');
    cardPart(c, 'card-confirm').click();
    await finished;
    await waitFor(() => c.status === 'applied', { message: 'applied' });

    const toolRequests = async () => (await taggedRequests(tag)).filter((r) => r.path.endsWith('/tools')).length;
    expect(await toolRequests(), 'the catalog is fetched once, not on every message').to.equal(1);
    el.adapter = { headers: () => ({ 'x-test-tag': tag }) };
    for (let tries = 0; tries < 40 && (await toolRequests()) < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await toolRequests(), 'a new adapter (new headers) tries again').to.equal(2);
  });

  it('a working endpoint fetches its catalog once, however many messages', async () => {
    const tag = uniqueSession('tag');
    const endpoint = await scenario('rendering');
    const el = await fixture<AgentChat>(html`<agent-chat .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }} endpoint=${endpoint} session=${uniqueSession('once')}></agent-chat>`);
    await el.send(ASK.everyStep);
    await el.send(ASK.slowTool);
    el.mode = 'floating';
    await el.updateComplete;
    const seen = (await taggedRequests(tag)).filter((r) => r.path.endsWith('/tools'));
    expect(seen.map((r) => `${r.method} ${r.path}`)).to.deep.equal(['GET /api/rendering/tools']);
  });
});
