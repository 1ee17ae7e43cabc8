import { expect, fixture, html } from '@open-wc/testing';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import '../src/define.js';
import { defineTurnParts } from '../src/define-turn-parts.js';
import { toDisplayItems } from '../src/conversation/display-items.js';
import { groupTurns } from '../src/steps/turn-steps.js';
import { axeViolations } from './support/axe.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
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
});
