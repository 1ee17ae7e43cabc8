import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { PendingCall } from '@agent-chat/protocol';
import type { AgentChat } from '../src/agent-chat.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import type { ReplyAnnouncer } from '../src/features/message-list/reply-announcer.js';
import type { SubagentNode } from '../src/features/subagent-tree/subagent-node.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { axeViolations } from './support/axe.js';
import { assistantBubbles, deepAll, messageList, shownText } from './support/dom.js';
import { subagents, toggleOf } from './support/subagent-dom.js';
import { APPROVALS } from './support/subagent-texts.js';
import { waitFor } from './support/wait.js';

// Issue 34.4, the element's half: a call a sub-agent makes that the run waits for (a confirmation, a client tool)
// is answered in the main conversation, under its branch. The confirmation card is in the sub-agent's steps, which
// open by themselves (each branch above too); Confirm and Cancel resume the run as the conversation's own cards do,
// and the tree goes on live; a reload shows the waiting card under its branch again; a client tool a sub-agent calls
// runs through the page's adapter. Against the test server's `subagent-approvals` scenario
// (support/subagent-approval-scenarios.ts).

/** What the sub-agent's toggle is named (undefined until it is drawn). */
const nameOf = (node: SubagentNode) => node.shadowRoot?.querySelector('[part~="subagent-summary"]')?.getAttribute('aria-label') ?? undefined;

/** The sub-agent whose toggle is named for `label`, once it is drawn. */
function node(el: AgentChat, label: string): Promise<SubagentNode> {
  return waitFor(() => subagents(el).find((each) => nameOf(each)?.startsWith(`Sub-agent ${label}:`)), { message: `the sub-agent ${label}` });
}

/** The sub-agent whose steps hold `element` (through the shadow roots between). */
function branchOf(element: Element): Element | undefined {
  let at: Node | null = element;
  for (;;) {
    at = at.parentNode ?? (at instanceof ShadowRoot ? at.host : null);
    if (!at || (at as Element).localName === 'agent-chat-subagent') return (at as Element | null) ?? undefined;
  }
}

/** The confirmation cards in `node`'s own steps (not in its nested sub-agents'). */
function cardsOf(node: SubagentNode): ConfirmCard[] {
  return deepAll<ConfirmCard>(node.shadowRoot!, 'agent-chat-confirm-card').filter((card) => branchOf(card) === node);
}

/** The card in `node`'s steps, once it is drawn with `status`. */
function cardIn(node: SubagentNode, status: ConfirmCard['status']): Promise<ConfirmCard> {
  return waitFor(() => cardsOf(node).find((card) => card.status === status && card.shadowRoot?.querySelector('[part~="card"]')), {
    message: `a ${status} card under ${nameOf(node)}`,
  });
}

function partOf(card: ConfirmCard, part: string): HTMLButtonElement {
  const button = card.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="${part}"]`);
  if (!button) throw new Error(`the card has no ${part}`);
  return button;
}

const titleOf = (card: ConfirmCard) => shownText(card.shadowRoot!.querySelector('.title')!);
const announcer = (el: AgentChat) => messageList(el).shadowRoot!.querySelector<ReplyAnnouncer>('agent-chat-reply-announcer')!;

/** The main conversation's reply that says `text`. */
function reply(el: AgentChat, text: string): Promise<unknown> {
  return waitFor(() => assistantBubbles(el).find((bubble) => shownText(bubble) === text), { message: `the reply “${text}”` });
}

/** The element's focus, through the shadow roots it is inside. */
function deepFocus(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

async function chat(
  session: string,
  tag = uniqueSession('tag'),
  tools?: Record<string, (input: unknown, call: PendingCall) => unknown>,
  name = 'subagent-approvals',
) {
  const endpoint = await scenario(name);
  const adapter = { headers: () => ({ 'x-test-tag': tag }), ...(tools ? { tools } : {}) };
  return fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session} .adapter=${adapter}></agent-chat>`);
}

const WAITING = 'waiting for your answer';

describe('approvals inside a sub-agent (issue 34.4)', () => {
  it('a sub-agent’s write waits on a card under its branch, opened by itself and announced; Confirm resumes the branch, then the agent', async () => {
    const session = uniqueSession('branch-approve');
    const tag = uniqueSession('branch-approve-tag');
    const el = await chat(session, tag);
    await el.send('clean');
    const cleaner = await node(el, APPROVALS.cleanerLabel);
    await waitFor(() => nameOf(cleaner) === `Sub-agent ${APPROVALS.cleanerLabel}: ${WAITING}`, { message: 'the sub-agent waiting' });
    expect(toggleOf(cleaner).getAttribute('aria-expanded'), 'opened by itself').to.equal('true');
    const card = await cardIn(cleaner, 'pending');
    expect(titleOf(card)).to.equal(APPROVALS.deleteLabel('n1'));
    expect(el.turns.some((turn) => turn.type === 'tool_call' && turn.name === 'delete_note'), 'the branch’s call among the conversation’s turns').to.equal(false);
    await waitFor(() => announcer(el).announcement === `Waiting for confirmation: ${APPROVALS.deleteLabel('n1')}`, { message: 'the card announced' });
    expect(await axeViolations(el)).to.deep.equal([]);

    partOf(card, 'card-confirm').click();
    await reply(el, APPROVALS.main(APPROVALS.cleaner(APPROVALS.deleted('n1'))));
    await waitFor(() => card.status === 'applied', { message: 'the card applied' });
    expect(cardsOf(cleaner), 'the same card, answered').to.deep.equal([card]);
    expect(deepFocus(), 'the focus stays on the answered card').to.equal(card.shadowRoot!.querySelector('[part~="card"]'));
    await waitFor(() => nameOf(cleaner) === `Sub-agent ${APPROVALS.cleanerLabel}: done`, { message: 'the sub-agent done' });
    const steps = deepAll(cleaner.shadowRoot!, 'agent-chat-message').map(shownText);
    expect(steps, 'the branch went on live').to.deep.equal([APPROVALS.cleaner(APPROVALS.deleted('n1'))]);

    const resumes = (await taggedRequests(tag)).filter((request) => request.path.endsWith('/resume'));
    expect(resumes).to.deep.equal([
      { method: 'POST', path: `/api/subagent-approvals/sessions/${session}/resume`, body: { decisions: [{ toolCallId: card.call!.toolCallId, action: 'approve' }], results: [] } },
    ]);
  });

  it('Cancel: the card says cancelled, the sub-agent reads the refusal and the agent answers', async () => {
    const el = await chat(uniqueSession('branch-deny'));
    await el.send('clean');
    const cleaner = await node(el, APPROVALS.cleanerLabel);
    const card = await cardIn(cleaner, 'pending');
    partOf(card, 'card-cancel').click();
    await waitFor(() => card.status === 'cancelled', { message: 'the card cancelled' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).startsWith(APPROVALS.main(APPROVALS.cleaner(APPROVALS.refused)))), {
      message: 'the agent’s answer after the refusal',
    });
    await waitFor(() => nameOf(cleaner) === `Sub-agent ${APPROVALS.cleanerLabel}: done`, { message: 'the sub-agent done' });
    expect(shownText(partOf(card, 'card-status'))).to.contain('Cancelled');
  });

  it('Edit: the card’s form sends the changed input, the sub-agent runs it, and the answered card shows it', async () => {
    const tag = uniqueSession('branch-edit-tag');
    const el = await chat(uniqueSession('branch-edit'), tag, undefined, 'subagent-approvals-edit');
    await el.send('clean');
    const card = await cardIn(await node(el, APPROVALS.cleanerLabel), 'pending');
    const edit = await waitFor(() => card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="card-edit"]'), { message: 'Edit (the tool described)' });
    edit.click();
    const form = await waitFor(() => card.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the form' });
    await form.updateComplete;
    const field = form.shadowRoot!.querySelector<HTMLInputElement>('#field-id')!;
    field.focus();
    field.select();
    await sendKeys({ type: 'n2' });
    partOf(card, 'card-confirm').click();
    await reply(el, APPROVALS.main(APPROVALS.cleaner(APPROVALS.deleted('n2'))));
    await waitFor(() => card.status === 'applied', { message: 'the card applied' });
    expect(shownText(card.shadowRoot!.querySelector('.fields')!), 'the input that ran').to.contain('n2');
    const resumes = (await taggedRequests(tag)).filter((request) => request.path.endsWith('/resume'));
    expect(resumes.map((request) => request.body)).to.deep.equal([
      { decisions: [{ toolCallId: card.call!.toolCallId, action: 'edit', input: { id: 'n2' } }], results: [] },
    ]);
  });

  it('a call two sub-agents down opens both branches; its card is in the inner one and resumes both, then the agent', async () => {
    const el = await chat(uniqueSession('branch-nested'));
    await el.send('deep clean');
    const cleaner = await node(el, APPROVALS.cleanerLabel);
    const sweeper = await node(el, APPROVALS.sweeperLabel);
    await waitFor(() => cleaner.open && sweeper.open, { message: 'both branches opened' });
    expect(nameOf(cleaner)).to.equal(`Sub-agent ${APPROVALS.cleanerLabel}: ${WAITING}`);
    expect(nameOf(sweeper)).to.equal(`Sub-agent ${APPROVALS.sweeperLabel}: ${WAITING}`);
    expect(branchOf(sweeper), 'the sweeper under the cleaner').to.equal(cleaner);
    const card = await cardIn(sweeper, 'pending');
    expect(cardsOf(cleaner), 'no card in the outer branch’s own steps').to.deep.equal([]);

    partOf(card, 'card-confirm').click();
    await reply(el, APPROVALS.main(APPROVALS.cleaner(APPROVALS.sweeper(APPROVALS.deleted('n9')))));
    await waitFor(() => card.status === 'applied', { message: 'the card applied' });
    await waitFor(() => nameOf(sweeper)?.endsWith(': done') && nameOf(cleaner)?.endsWith(': done'), { message: 'both sub-agents done' });
  });

  it('a reload while the run waits shows the card under its branch again; answered there, it shows its outcome, after another reload too', async () => {
    const session = uniqueSession('branch-reload');
    const first = await chat(session);
    await first.send('clean');
    await cardIn(await node(first, APPROVALS.cleanerLabel), 'pending');
    first.remove();

    const again = await chat(session);
    const cleaner = await node(again, APPROVALS.cleanerLabel);
    await waitFor(() => cleaner.open, { message: 'the branch opened by itself' });
    expect(nameOf(cleaner)).to.equal(`Sub-agent ${APPROVALS.cleanerLabel}: ${WAITING}`);
    const card = await cardIn(cleaner, 'pending');
    expect(titleOf(card)).to.equal(APPROVALS.deleteLabel('n1'));
    partOf(card, 'card-confirm').click();
    await reply(again, APPROVALS.main(APPROVALS.cleaner(APPROVALS.deleted('n1'))));
    await waitFor(() => card.status === 'applied', { message: 'the card applied' });
    again.remove();

    const later = await chat(session);
    const stored = await node(later, APPROVALS.cleanerLabel);
    await waitFor(() => nameOf(stored)?.endsWith(': done'), { message: 'the stored sub-agent done' });
    expect(stored.open, 'nothing waits: closed').to.equal(false);
    toggleOf(stored).click();
    const answered = await cardIn(stored, 'applied');
    expect(titleOf(answered)).to.equal(APPROVALS.deleteLabel('n1'));
    expect(answered.shadowRoot!.querySelector('[part~="card-confirm"]'), 'no buttons once answered').to.equal(null);
  });

  it('a client tool a sub-agent calls (two branches down) runs through the page’s adapter; its result resumes the branches, then the agent', async () => {
    const tag = uniqueSession('branch-client-tag');
    const session = uniqueSession('branch-client');
    const asked: { input: unknown; call: PendingCall }[] = [];
    const el = await chat(session, tag, {
      pick_colour: (input, call) => {
        asked.push({ input, call });
        return 'blue';
      },
    });
    await el.send('colour');
    await reply(el, APPROVALS.main(APPROVALS.cleaner(APPROVALS.picked('blue'))));
    const cleaner = await node(el, APPROVALS.cleanerLabel);
    expect(cleaner.open, 'answered by the page, nothing waited for the user: closed').to.equal(false);
    toggleOf(cleaner).click();
    const picker = await node(el, APPROVALS.pickerLabel);
    expect(asked.map(({ input, call }) => ({ input, name: call.name, parentCallId: call.parentCallId }))).to.deep.equal([
      { input: { palette: 'warm' }, name: 'pick_colour', parentCallId: picker.call!.toolCallId },
    ]);
    const resumes = (await taggedRequests(tag)).filter((request) => request.path.endsWith('/resume'));
    expect(resumes.map((request) => request.body)).to.deep.equal([{ decisions: [], results: [{ toolCallId: asked[0]!.call.toolCallId, output: 'blue' }] }]);
    await waitFor(() => nameOf(picker)?.endsWith(': done'), { message: 'the picker done' });
    expect(picker.open).to.equal(false);
    toggleOf(picker).click();
    const chip = await waitFor(() => deepAll(picker.shadowRoot!, 'agent-chat-tool-chip').find((each) => each.getAttribute('state') === 'done'), {
      message: 'the client tool’s chip, done',
    });
    expect(shownText(chip.shadowRoot!.querySelector('.label')!)).to.equal('Asking the page for a colour');
  });
});
