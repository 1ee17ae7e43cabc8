import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", used below
import { defineTurnParts } from '../src/features/message-list/define-turn-parts.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import type { AgentTurn } from '../src/features/message-list/agent-turn.js';
import type { CardDecision } from '../src/context/card-actions.js';
import type { ConfirmCard } from '../src/features/cards/confirm-card.js';
import type { ThinkingBlock } from '../src/features/cards/thinking-block.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { shownText } from './support/dom.js';
import { waitFor } from './support/wait.js';

defineTurnParts();

const at = 1_700_000_000_000;
const editTool: ToolDescriptor = {
  name: 'edit_item',
  description: 'Edit an item',
  kind: 'write',
  needsConfirmation: true,
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      text: { type: 'string', minLength: 3, maxLength: 200 },
      priority: { type: 'integer', minimum: 1, maximum: 5 },
    },
    required: ['id', 'text'],
  },
};
const answerTool: ToolDescriptor = {
  name: 'final_answer',
  description: 'Answer',
  kind: 'read',
  needsConfirmation: false,
  inputSchema: {},
  display: 'answer',
};

const everyStep: Turn[] = [
  { id: 'u1', createdAt: at, type: 'user', text: 'Go' },
  { id: 'th', createdAt: at, type: 'thinking', text: 'Thinking it over.' },
  { id: 'c1', createdAt: at, type: 'tool_call', toolCallId: 'k1', name: 'lookup', input: {}, kind: 'read', label: 'Looking up' },
  { id: 'r1', createdAt: at, type: 'tool_result', toolCallId: 'k1', output: { found: true }, isError: false },
  { id: 'c2', createdAt: at, type: 'tool_call', toolCallId: 'k2', name: 'archive', input: {}, kind: 'read', label: 'Checking the archive' },
  { id: 'r2', createdAt: at, type: 'tool_result', toolCallId: 'k2', output: 'The archive is offline', isError: true },
  { id: 'c3', createdAt: at, type: 'tool_call', toolCallId: 'k3', name: 'rename', input: {}, kind: 'write', label: 'Renaming' },
  { id: 'r3', createdAt: at, type: 'tool_result', toolCallId: 'k3', output: 'ok', isError: false },
  { id: 's1', createdAt: at, type: 'status', text: 'Searching 3 notebooks…' },
  { id: 'a1', createdAt: at, type: 'assistant_text', text: 'Done.' },
  { id: 'e1', createdAt: at, type: 'error', message: 'The model is overloaded', code: 'model_error' },
  { id: 's2', createdAt: at, type: 'status', text: 'Stopped by user', code: 'cancelled' },
  { id: 'c4', createdAt: at, type: 'tool_call', toolCallId: 'k4', name: 'slow', input: {}, kind: 'read', label: 'Crunching' },
];

async function mountTurn(turns: readonly Turn[], options: { running?: boolean; pending?: PendingCall[]; tools?: ToolDescriptor[] } = {}) {
  const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-turn></agent-chat-turn></test-context-root>`);
  root.setTools(options.tools ?? [editTool, answerTool]);
  const turn = root.querySelector('agent-chat-turn')!;
  const pending = options.pending ?? [];
  const [group] = groupTurns(toDisplayItems(turns, options.running ?? false, pending), {
    tools: new Map((options.tools ?? [editTool, answerTool]).map((t) => [t.name, t])),
    pending,
  });
  turn.group = group;
  await turn.updateComplete;
  return { root, turn };
}

const inTurn = <T extends Element>(turn: AgentTurn, selector: string) => Array.from(turn.shadowRoot!.querySelectorAll<T>(selector));

describe('an agent turn (parts alone)', () => {
  it('shows thinking collapsed and expandable from the keyboard, chips running / done / failed, status, error and stop', async () => {
    const { turn } = await mountTurn(everyStep, { running: true });
    expect(inTurn(turn, '[part~="turn"]')[0]!.getAttribute('role')).to.equal('group');

    const thinking = inTurn<ThinkingBlock>(turn, 'agent-chat-thinking')[0]!;
    await thinking.updateComplete;
    const details = thinking.shadowRoot!.querySelector('details')!;
    expect(details.open).to.equal(false);
    thinking.shadowRoot!.querySelector('summary')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => details.open, { message: 'Enter to expand the thinking' });

    const chips = inTurn<HTMLElement & { state: string; updateComplete: Promise<boolean> }>(turn, 'agent-chat-tool-chip');
    await Promise.all(chips.map((chip) => chip.updateComplete));
    expect(chips.map((chip) => chip.state)).to.deep.equal(['done', 'failed', 'done', 'running']);
    expect(shownText(chips[0]!)).to.contain('✓').and.contain('Looking up').and.contain('done');
    expect(shownText(chips[1]!)).to.contain('✗').and.contain('failed');
    expect(chips[3]!.shadowRoot!.querySelector('svg.spinner'), 'a spinner while it runs').to.exist;
    // The failed result is one click (or Enter) away.
    const failed = chips[1]!.shadowRoot!;
    failed.querySelector('summary')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(failed.querySelector('details')!.open).to.equal(true);
    expect(failed.querySelector('pre')!.textContent).to.equal('The archive is offline');

    const notices = inTurn<HTMLElement & { tone: string; updateComplete: Promise<boolean> }>(turn, 'agent-chat-notice');
    await Promise.all(notices.map((n) => n.updateComplete));
    expect(notices.map((n) => [n.tone, shownText(n)])).to.deep.equal([
      ['status', 'Searching 3 notebooks…'],
      ['error', 'Error: The model is overloadedmodel_error'],
      ['status', 'Stopped by user'],
    ]);
    const errorLine = notices[1]!.shadowRoot!.querySelector('[part="error"]')!;
    expect(errorLine.getAttribute('role')).to.equal('alert');
    expect(getComputedStyle(errorLine).color).to.equal('rgb(194, 34, 44)');
  });

  it('says the server’s notices in the element’s language, and takes a host’s string overrides', async () => {
    const turns: Turn[] = [
      { id: 'u', createdAt: at, type: 'user', text: 'x' },
      { id: 's1', createdAt: at, type: 'status', text: 'Stopped by user', code: 'cancelled' },
      { id: 's2', createdAt: at, type: 'status', text: 'Changes undone', code: 'undone' },
      { id: 's3', createdAt: at, type: 'status', text: 'Stopped after 10 steps.', code: 'max_steps' },
      { id: 'c', createdAt: at, type: 'tool_call', toolCallId: 'k', name: 'lookup', input: {}, kind: 'read', label: 'Lookup' },
    ];
    const { root, turn } = await mountTurn(turns, { running: true });
    root.setStrings('fr');
    await waitFor(() => shownText(inTurn(turn, 'agent-chat-notice')[0]!) === 'Arrêté par l’utilisateur', { message: 'French' });
    expect(inTurn(turn, 'agent-chat-notice').map((n) => shownText(n))).to.deep.equal([
      'Arrêté par l’utilisateur',
      'Modifications annulées',
      'Arrêté : l’agent a atteint sa limite d’étapes.',
    ]);
    expect(shownText(inTurn(turn, 'agent-chat-tool-chip')[0]!)).to.contain('en cours');

    root.setStrings('en', { statusCancelled: 'Halted', toolRunning: 'working on it' });
    await waitFor(() => shownText(inTurn(turn, 'agent-chat-notice')[0]!) === 'Halted', { message: 'the override' });
    expect(shownText(inTurn(turn, 'agent-chat-notice')[1]!)).to.equal('Changes undone');
    expect(shownText(inTurn(turn, 'agent-chat-tool-chip')[0]!)).to.contain('working on it');
  });

  it('offers Undo under a turn that wrote, calls it, and explains a 404', async () => {
    const { turn } = await mountTurn(everyStep);
    expect(inTurn(turn, 'agent-chat-undo-bar'), 'not undoable yet').to.have.length(0);
    const calls: string[] = [];
    turn.undo = async () => {
      calls.push('undo');
      throw Object.assign(new Error('Nothing to undo in session "x".'), { status: 404 });
    };
    turn.undoable = true;
    await turn.updateComplete;
    const bar = inTurn<HTMLElement & { updateComplete: Promise<boolean> }>(turn, 'agent-chat-undo-bar')[0]!;
    await bar.updateComplete;
    const button = bar.shadowRoot!.querySelector('button')!;
    expect(button.getAttribute('aria-label')).to.equal('Undo the changes the agent made in this reply');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !bar.shadowRoot!.querySelector('button'), { message: 'the button to go after a 404' });
    expect(calls).to.deep.equal(['undo']);
    expect(shownText(bar)).to.equal('Nothing to undo: these changes were already undone or replaced.');
    // The conversation then stops offering Undo; the explanation stays.
    turn.undoable = false;
    await turn.updateComplete;
    expect(inTurn(turn, 'agent-chat-undo-bar')).to.deep.equal([bar]);

    // A read-only turn never shows it.
    const readOnly = everyStep.filter((t) => !['c3', 'r3'].includes(t.id));
    const other = await mountTurn(readOnly);
    other.turn.undoable = true;
    await other.turn.updateComplete;
    expect(inTurn(other.turn, 'agent-chat-undo-bar')).to.have.length(0);
  });

  it('draws a final answer as a card: summary, safe link badges, suggestions that send', async () => {
    const turns: Turn[] = [
      { id: 'u', createdAt: at, type: 'user', text: 'x' },
      {
        id: 'c',
        createdAt: at,
        type: 'tool_call',
        toolCallId: 'k',
        name: 'final_answer',
        kind: 'read',
        label: 'Answer',
        input: {
          summary: 'The board is **renamed**.',
          links: [
            { title: 'Board', url: '/board' },
            { title: 'Guide', url: 'https://example.com/guide' },
            { title: 'Evil', url: 'javascript:alert(1)' },
            { title: 'Data', url: 'data:text/html,<script>1</script>' },
          ],
          suggestions: ['Rename it back', 'Show the board'],
        },
      },
      { id: 'r', createdAt: at, type: 'tool_result', toolCallId: 'k', output: 'shown', isError: false },
    ];
    const { root, turn } = await mountTurn(turns);
    expect(inTurn(turn, 'agent-chat-tool-chip'), 'no chip for the answer tool').to.have.length(0);
    const card = inTurn<HTMLElement & { updateComplete: Promise<boolean> }>(turn, 'agent-chat-answer-card')[0]!;
    await card.updateComplete;
    const shadow = card.shadowRoot!;
    const summary = shadow.querySelector('[part~="answer-summary"]')!;
    expect(summary.textContent!.trim()).to.equal('The board is renamed.');
    expect(summary.querySelector('strong')!.textContent, 'the summary is markdown').to.equal('renamed');
    const links = Array.from(shadow.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent!.trim(), a.getAttribute('href'), a.getAttribute('target')])).to.deep.equal([
      ['Board', '/board', null],
      ['Guide', 'https://example.com/guide', '_blank'],
    ]);
    expect(links[1]!.rel).to.equal('noopener noreferrer');
    const buttons = Array.from(shadow.querySelectorAll('button'));
    expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['Rename it back', 'Show the board']);
    buttons[1]!.click();
    expect(root.sent).to.deep.equal(['Show the board']);
  });

  it('shows nothing for a hidden tool', async () => {
    const turns: Turn[] = [
      { id: 'u', createdAt: at, type: 'user', text: 'x' },
      { id: 'c', createdAt: at, type: 'tool_call', toolCallId: 'k', name: 'write_log', input: {}, kind: 'read', label: 'Log' },
      { id: 'r', createdAt: at, type: 'tool_result', toolCallId: 'k', output: 'ok', isError: false },
      { id: 'a', createdAt: at, type: 'assistant_text', text: 'Hi' },
    ];
    const hidden: ToolDescriptor = { ...answerTool, name: 'write_log', display: 'hidden' };
    const { turn } = await mountTurn(turns, { tools: [hidden] });
    expect(inTurn(turn, 'agent-chat-tool-chip')).to.have.length(0);
    expect(inTurn(turn, 'agent-chat-message')).to.have.length(1);
  });
});

describe('a confirmation card (parts alone)', () => {
  const pending: PendingCall = {
    toolCallId: 'k1',
    name: 'edit_item',
    kind: 'write',
    input: { id: 'I-1', text: 'Ship the new onboarding flow in June', priority: 2 },
    label: 'Editing item I-1',
    reason: 'confirm',
    preview: { title: 'Edit I-1', before: 'Ship the onboarding flow in May', after: 'Ship the new onboarding flow in June' },
  };
  const turns: Turn[] = [
    { id: 'u', createdAt: at, type: 'user', text: 'Edit it' },
    { id: 'c', createdAt: at, type: 'tool_call', toolCallId: 'k1', name: 'edit_item', input: pending.input, kind: 'write', label: pending.label },
  ];

  async function mountCard(decide: (decision: CardDecision) => Promise<void>) {
    const { root, turn } = await mountTurn(turns, { pending: [pending] });
    turn.decide = async (_call, decision) => decide(decision);
    await turn.updateComplete;
    const card = inTurn<ConfirmCard>(turn, 'agent-chat-confirm-card')[0]!;
    await card.updateComplete;
    const part = (name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
    return { root, turn, card, part };
  }

  it('shows the label, the word diff and the input, and sends approve from the keyboard', async () => {
    const decisions: CardDecision[] = [];
    const { card, part } = await mountCard(async (d) => void decisions.push(d));
    expect(card.status).to.equal('pending');
    expect(part('card')!.getAttribute('aria-labelledby')).to.match(/-title$/);
    expect(shownText(card)).to.contain('Edit I-1').and.contain('Editing item I-1');
    const diff = card.shadowRoot!.querySelector('agent-chat-word-diff')!;
    await (diff as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    expect(Array.from(diff.shadowRoot!.querySelectorAll('del')).map((d) => d.textContent)).to.deep.equal(['[removed: onboarding flow in May]']);
    expect(Array.from(diff.shadowRoot!.querySelectorAll('ins')).map((d) => d.textContent)).to.deep.equal(['[added: new onboarding flow in June]']);

    part('card-confirm')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => decisions.length === 1, { message: 'the decision' });
    expect(decisions).to.deep.equal([{ action: 'approve' }]);
    await card.updateComplete;
    expect(card.status).to.equal('sending');
    expect(part('card-confirm'), 'the actions go once answered').to.equal(null);
    expect(card.shadowRoot!.activeElement, 'focus stays on the card').to.equal(part('card'));

    card.result = { id: 'r', createdAt: at, type: 'tool_result', toolCallId: 'k1', output: { ok: true }, isError: false };
    await card.updateComplete;
    expect(card.status).to.equal('applied');
    expect(shownText(part('card-status')!)).to.equal('✓ Applied');
  });

  it('Cancel denies; the card reads cancelled', async () => {
    const decisions: CardDecision[] = [];
    const { card, part } = await mountCard(async (d) => void decisions.push(d));
    part('card-cancel')!.click();
    await waitFor(() => decisions.length === 1, { message: 'the decision' });
    expect(decisions).to.deep.equal([{ action: 'deny' }]);
    await waitFor(() => card.status === 'cancelled', { message: 'the cancelled state' });
  });

  it('Edit makes a form from the schema that refuses an invalid value next to its field, then sends the edit', async () => {
    const decisions: CardDecision[] = [];
    const { card, part } = await mountCard(async (d) => void decisions.push(d));
    part('card-edit')!.click();
    const form = await waitFor(() => card.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the form' });
    await form.updateComplete;
    const field = (id: string) => form.shadowRoot!.querySelector<HTMLInputElement>(`#field-${id}`)!;
    expect(form.shadowRoot!.activeElement, 'focus moves into the form').to.equal(field('id'));
    expect(field('text').value).to.equal('Ship the new onboarding flow in June');
    expect(form.shadowRoot!.querySelector('label[for="field-priority"]')!.textContent!.trim()).to.equal('Priority');

    field('text').focus();
    field('text').select();
    await sendKeys({ type: 'No' });
    field('priority').focus();
    field('priority').select();
    await sendKeys({ type: '9' });
    part('card-confirm')!.click();
    await form.updateComplete;
    expect(decisions, 'nothing sent while invalid').to.have.length(0);
    expect(field('text').getAttribute('aria-invalid')).to.equal('true');
    const textError = form.shadowRoot!.querySelector('#field-text-error')!;
    expect(textError.textContent).to.equal('Must be at least 3 characters long.');
    expect(field('text').getAttribute('aria-describedby')).to.contain('field-text-error');
    expect(form.shadowRoot!.querySelector('#field-priority-error')!.textContent).to.equal('Must be at most 5.');
    await waitFor(() => form.shadowRoot!.activeElement === field('text'), { message: 'focus on the first wrong field' });

    field('text').select();
    await sendKeys({ type: 'Ship it in July' });
    field('priority').select();
    await sendKeys({ type: '4' });
    // Enter in a one-line field submits, as in any form.
    await sendKeys({ press: 'Enter' });
    await waitFor(() => decisions.length === 1, { message: 'the edit' });
    expect(decisions).to.deep.equal([{ action: 'edit', input: { id: 'I-1', text: 'Ship it in July', priority: 4 } }]);
  });

  it('a refused answer shows in red with the actions back, and a retry can succeed', async () => {
    let fail = true;
    const decisions: CardDecision[] = [];
    const { card, part } = await mountCard(async (d) => {
      if (fail) throw new Error('decisions.0.input: text too short');
      decisions.push(d);
    });
    part('card-confirm')!.click();
    await waitFor(() => card.status === 'error', { message: 'the error state' });
    await card.updateComplete;
    expect(part('card-error')!.textContent).to.equal('Your answer could not be sent: decisions.0.input: text too short');
    expect(getComputedStyle(part('card')!).borderTopColor).to.equal('rgb(194, 34, 44)');
    fail = false;
    part('card-confirm')!.click();
    await waitFor(() => decisions.length === 1, { message: 'the retry' });
    await card.updateComplete;
    expect(card.status).to.equal('sending');
  });
});
