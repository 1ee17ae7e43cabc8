import { expect, fixture, html } from '@open-wc/testing';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat, LayoutMode } from '../src/agent-chat.js';
import { defineTurnParts } from '../src/features/message-list/define-turn-parts.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import { axeViolations } from './support/axe.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { holdSlowTool, scenario, uniqueSession } from './support/agent-server.js';
import { confirmCards, deepAll, frameOf } from './support/dom.js';
import { ASK } from './support/rendering-texts.js';
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
    properties: { id: { type: 'string' }, text: { type: 'string', minLength: 3 }, urgent: { type: 'boolean' }, status: { type: 'string', enum: ['open', 'done'] } },
    required: ['id', 'text'],
  },
};
const answerTool: ToolDescriptor = { name: 'final_answer', description: 'Answer', kind: 'read', needsConfirmation: false, inputSchema: {}, display: 'answer' };
const pending: PendingCall = {
  toolCallId: 'k9',
  name: 'edit_item',
  kind: 'write',
  input: { id: 'I-1', text: 'New text' },
  label: 'Editing item I-1',
  reason: 'confirm',
  preview: { title: 'Edit I-1', before: 'Old text', after: 'New text', impact: ['1 insight cites it'] },
};
/** One turn holding every kind of step the element draws. */
const everyStep: Turn[] = [
  { id: 'u1', createdAt: at, type: 'user', text: 'Go' },
  { id: 'th', createdAt: at, type: 'thinking', text: 'Thinking it over.' },
  { id: 'a0', createdAt: at, type: 'assistant_text', text: 'Let me look.' },
  { id: 'c1', createdAt: at, type: 'tool_call', toolCallId: 'k1', name: 'lookup', input: {}, kind: 'read', label: 'Looking up' },
  { id: 'r1', createdAt: at, type: 'tool_result', toolCallId: 'k1', output: { found: true }, isError: false },
  { id: 'c2', createdAt: at, type: 'tool_call', toolCallId: 'k2', name: 'archive', input: {}, kind: 'read', label: 'Checking the archive' },
  { id: 'r2', createdAt: at, type: 'tool_result', toolCallId: 'k2', output: 'offline', isError: true },
  { id: 'c3', createdAt: at, type: 'tool_call', toolCallId: 'k3', name: 'rename', input: {}, kind: 'write', label: 'Renaming' },
  { id: 'r3', createdAt: at, type: 'tool_result', toolCallId: 'k3', output: 'ok', isError: false },
  { id: 's1', createdAt: at, type: 'status', text: 'Searching 3 notebooks…' },
  { id: 'e1', createdAt: at, type: 'error', message: 'The model is overloaded', code: 'model_error' },
  { id: 's2', createdAt: at, type: 'status', text: 'Stopped by user', code: 'cancelled' },
  {
    id: 'c5',
    createdAt: at,
    type: 'tool_call',
    toolCallId: 'k5',
    name: 'final_answer',
    kind: 'read',
    label: 'Answer',
    input: { summary: 'Renamed.', links: [{ title: 'Board', url: '/board' }], suggestions: ['Rename it back'] },
  },
  { id: 'r5', createdAt: at, type: 'tool_result', toolCallId: 'k5', output: 'shown', isError: false },
  { id: 'c9', createdAt: at, type: 'tool_call', toolCallId: 'k9', name: 'edit_item', input: pending.input, kind: 'write', label: pending.label },
  { id: 'c4', createdAt: at, type: 'tool_call', toolCallId: 'k4', name: 'slow', input: {}, kind: 'read', label: 'Crunching' },
];

async function everyStepTurn(): Promise<TestContextRoot> {
  const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-turn></agent-chat-turn></test-context-root>`);
  const tools = [editTool, answerTool];
  root.setTools(tools);
  const turn = root.querySelector('agent-chat-turn')!;
  turn.group = groupTurns(toDisplayItems(everyStep, true, [pending]), { tools: new Map(tools.map((t) => [t.name, t])), pending: [pending] })[0];
  turn.undoable = true;
  turn.undo = async () => {};
  turn.decide = async () => {};
  await turn.updateComplete;
  return root;
}

describe('accessibility (axe-core)', () => {
  it('finds no violation in a turn holding every kind of step, and with the card in edit mode', async () => {
    const root = await everyStepTurn();
    expect(await axeViolations(root)).to.deep.equal([]);

    const card = root.querySelector('agent-chat-turn')!.shadowRoot!.querySelector('agent-chat-confirm-card')!;
    card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="card-edit"]')!.click();
    await waitFor(() => card.shadowRoot!.querySelector('agent-chat-schema-form'), { message: 'the edit form' });
    expect(await axeViolations(root)).to.deep.equal([]);
  });

  /**
   * The whole element in each mode, against the real test server: a turn with thinking, chips done and failed, a
   * status line, text and the answer card (with its Undo), a model error, a run stopped by the user, and an edit
   * waiting on its confirmation card.
   */
  for (const mode of ['inline', 'floating', 'docked', 'ephemeral'] as LayoutMode[]) {
    it(`finds no violation in ${mode} mode with a conversation holding every kind of step`, async () => {
      const endpoint = await scenario('rendering');
      const storageKey = uniqueSession(`a11y-${mode}`);
      const el = await fixture<AgentChat>(
        html`<agent-chat mode=${mode} endpoint=${endpoint} session=${uniqueSession('a11y')} storage-key=${storageKey} hide-after="600000"></agent-chat>`,
      );
      el.open();
      await el.send(ASK.everyStep);
      await el.send(ASK.modelError);
      // Held until Stop ends it, so it is seen running however busy the machine is.
      await holdSlowTool(el.sessionId);
      void el.send(ASK.slowTool);
      await waitFor(() => deepAll(el.shadowRoot!, 'agent-chat-tool-chip[state="running"]').length === 1, { message: 'the slow tool running' });
      await el.stop();
      await el.send(ASK.edit);
      const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
      await card.updateComplete;
      await frameOf(el)?.updateComplete;
      expect(deepAll(el.shadowRoot!, 'agent-chat-notice').length, 'status, error and stopped lines').to.be.at.least(3);
      expect(deepAll(el.shadowRoot!, 'agent-chat-answer-card')).to.have.length(1);
      expect(await axeViolations(el)).to.deep.equal([]);
      localStorage.removeItem(`agent-chat:frame:${storageKey}`);
    });
  }
});
