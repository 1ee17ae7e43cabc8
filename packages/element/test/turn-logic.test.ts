import { expect } from '@open-wc/testing';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import { fieldIssue, formFields, fromRaw, type JsonSchema } from '../src/features/cards/schema-fields.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import { diffWords } from '../src/core/diff-words.js';

const at = 1_700_000_000_000;
const tool = (name: string, extra: Partial<ToolDescriptor> = {}): ToolDescriptor => ({
  name,
  description: name,
  kind: 'read',
  needsConfirmation: false,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});
const call = (id: string, name: string, input: unknown = {}, kind: 'read' | 'write' = 'read'): Turn => ({
  id: `c-${id}`,
  createdAt: at,
  type: 'tool_call',
  toolCallId: id,
  name,
  input,
  kind,
  label: `Label of ${name}`,
});
const result = (id: string, output: unknown, isError = false): Turn => ({
  id: `r-${id}`,
  createdAt: at,
  type: 'tool_result',
  toolCallId: id,
  output,
  isError,
});
const user = (id: string, text: string): Turn => ({ id, createdAt: at, type: 'user', text });

describe('groupTurns (a turn as a group of steps)', () => {
  const tools = new Map([
    ['answer', tool('answer', { display: 'answer' })],
    ['log', tool('log', { display: 'hidden' })],
    ['edit', tool('edit', { kind: 'write', needsConfirmation: true })],
    ['lookup', tool('lookup')],
  ]);

  it('starts a group at each user message and sorts tool calls into chips, answer cards and nothing', () => {
    const turns: Turn[] = [
      user('u1', 'first'),
      { id: 'a1', createdAt: at, type: 'assistant_text', text: 'Hi' },
      user('u2', 'second'),
      { id: 't1', createdAt: at, type: 'thinking', text: 'hmm' },
      call('1', 'lookup'),
      result('1', 'ok'),
      call('2', 'log'),
      result('2', 'noted'),
      call('3', 'answer', { summary: 'S' }),
      result('3', 'shown'),
      { id: 's1', createdAt: at, type: 'status', text: 'Stopped by user', code: 'cancelled' },
    ];
    const groups = groupTurns(toDisplayItems(turns, false), { tools, pending: [] });
    expect(groups.map((g) => g.key)).to.deep.equal(['u1', 'u2']);
    expect(groups[0]!.steps.map((s) => s.kind)).to.deep.equal(['assistant']);
    expect(groups[1]!.steps.map((s) => s.kind)).to.deep.equal(['thinking', 'tool', 'answer', 'status']);
  });

  it('shows an answer the server refused (an error result) as a failed chip, not as a card', () => {
    const turns = [user('u', 'q'), call('1', 'answer', { summary: 3 }), result('1', 'Invalid input', true)];
    const [group] = groupTurns(toDisplayItems(turns, false), { tools, pending: [] });
    expect(group!.steps.map((s) => s.kind)).to.deep.equal(['tool']);
  });

  it('makes a confirmation card of a pending call, and keeps one for an answered call of a tool that always asks', () => {
    const pending: PendingCall = {
      toolCallId: '1',
      name: 'edit',
      kind: 'write',
      input: { text: 'x' },
      label: 'Editing',
      reason: 'confirm',
      preview: { before: 'a', after: 'b' },
    };
    const waiting = [user('u', 'q'), call('1', 'edit', { text: 'x' }, 'write')];
    const [live] = groupTurns(toDisplayItems(waiting, false, [pending]), { tools, pending: [pending] });
    expect(live!.steps).to.have.length(1);
    expect(live!.steps[0]).to.deep.include({ kind: 'confirm', pending: true, call: pending });

    // After a reload the pending call is answered; the catalog says the tool asks, so it is still a card.
    const answered = [...waiting, result('1', { ok: true })];
    const [reloaded] = groupTurns(toDisplayItems(answered, false), { tools, pending: [] });
    expect(reloaded!.steps[0]).to.deep.include({ kind: 'confirm', pending: false });

    // In the same page, the card keeps the preview it was shown with.
    const [remembered] = groupTurns(toDisplayItems(answered, false), { tools, pending: [], known: new Map([['1', pending]]) });
    expect(remembered!.steps[0]).to.deep.include({ kind: 'confirm', call: pending });
  });
});

describe('diffWords', () => {
  const rebuild = (parts: { kind: string; text: string }[], side: 'removed' | 'added') =>
    parts.filter((p) => p.kind === 'same' || p.kind === side).map((p) => p.text).join('');

  it('keeps the common start and end, marks the changed stretch whole, and rebuilds both texts exactly', () => {
    const before = 'Ship the onboarding flow in May, then review it';
    const after = 'Ship the new onboarding flow in June, then review it';
    const parts = diffWords(before, after);
    expect(parts).to.deep.equal([
      { kind: 'same', text: 'Ship the ' },
      { kind: 'removed', text: 'onboarding flow in May, ' },
      { kind: 'added', text: 'new onboarding flow in June, ' },
      { kind: 'same', text: 'then review it' },
    ]);
    expect(rebuild(parts, 'removed')).to.equal(before);
    expect(rebuild(parts, 'added')).to.equal(after);
    expect(diffWords('same text', 'same text')).to.deep.equal([{ kind: 'same', text: 'same text' }]);
  });

  it('handles empty sides and very long texts', () => {
    expect(diffWords('', 'new text')).to.deep.equal([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old', '')).to.deep.equal([{ kind: 'removed', text: 'old' }]);
    const long = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const changed = Array.from({ length: 1000 }, (_, i) => `v${i}`).join(' ');
    const parts = diffWords(`${long} end`, `${changed} end`);
    expect(rebuild(parts, 'removed')).to.equal(`${long} end`);
    expect(rebuild(parts, 'added')).to.equal(`${changed} end`);
  });
});

describe('the form fields and their limits', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      text: { type: 'string', minLength: 3, maxLength: 10 },
      priority: { type: 'integer', minimum: 1, maximum: 5 },
      status: { type: 'string', enum: ['open', 'done'] },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['id', 'text'],
  };

  it('accepts a valid value and names what is wrong with each field', () => {
    const fields = Object.fromEntries(formFields(schema, {}).map((f) => [f.name, f]));
    const issue = (name: string, value: unknown) => fieldIssue(fields[name]!, value);
    expect([issue('id', 'a'), issue('text', 'hello'), issue('priority', 2), issue('tags', ['x']), issue('note', null)]).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(issue('id', undefined)).to.deep.equal({ key: 'fieldRequired' });
    expect(issue('text', 'hi')).to.deep.equal({ key: 'fieldMinLength', limit: 3 });
    expect(issue('text', 'much too long')).to.deep.equal({ key: 'fieldMaxLength', limit: 10 });
    expect(issue('priority', 9)).to.deep.equal({ key: 'fieldMaximum', limit: 5 });
    expect(issue('priority', 0)).to.deep.equal({ key: 'fieldMinimum', limit: 1 });
    expect(issue('tags', ['a', 'b', 'c'])).to.deep.equal({ key: 'fieldMaxItems', limit: 2 });
    expect(issue('priority', undefined), 'an optional field left empty').to.equal(undefined);
  });

  it('turns each property into a control and reads it back', () => {
    const fields = formFields(schema, { id: 'a', text: 'hello' });
    expect(fields.map((f) => [f.name, f.kind, f.required, f.nullable])).to.deep.equal([
      ['id', 'text', true, false],
      ['text', 'text', true, false],
      ['priority', 'integer', false, false],
      ['status', 'choice', false, false],
      ['tags', 'list', false, false],
      ['note', 'text', false, true],
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(fromRaw(byName.priority!, '3')).to.deep.equal({ value: 3 });
    expect(fromRaw(byName.priority!, 'three')).to.deep.equal({ issue: 'fieldNumber' });
    expect(fromRaw(byName.priority!, '')).to.deep.equal({ value: undefined });
    expect(fromRaw(byName.tags!, 'a\n\n b \n')).to.deep.equal({ value: ['a', 'b'] });
    expect(fromRaw(byName.status!, 'done')).to.deep.equal({ value: 'done' });
    expect(fromRaw(byName.note!, '')).to.deep.equal({ value: null });
    expect(byName.priority!.label).to.equal('Priority');
  });
});
