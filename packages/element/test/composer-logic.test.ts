import { expect } from '@open-wc/testing';
import type { PendingCall } from '@agent-chat/protocol';
import { tokenAtCaret } from '../src/features/composer/caret-token.js';
import { replaceToken } from '../src/features/autocomplete/pick.js';
import { commandSuggestions, mentionSuggestions, toMentionGroups } from '../src/features/autocomplete/suggestions.js';
import { answerPendingCalls, runClientTool } from '../src/conversation/client-calls.js';
import { triggerGate } from '../src/conversation/trigger-gate.js';
import { parseDroppedItems } from '../src/conversation/dropped-items.js';
import { waitFor } from './support/wait.js';

describe('tokenAtCaret', () => {
  it('finds a command only at the start of the message', () => {
    expect(tokenAtCaret('/sta', 4)).to.deep.equal({ kind: 'command', start: 0, end: 4, query: 'sta' });
    expect(tokenAtCaret('/', 1)).to.deep.equal({ kind: 'command', start: 0, end: 1, query: '' });
    expect(tokenAtCaret('/stage 3', 8)).to.equal(undefined);
    expect(tokenAtCaret('go to /stage', 12)).to.equal(undefined);
  });

  it('finds a mention after a space or at the start, up to the caret', () => {
    expect(tokenAtCaret('compare @F-', 11)).to.deep.equal({ kind: 'mention', start: 8, end: 11, query: 'F-' });
    expect(tokenAtCaret('@', 1)).to.deep.equal({ kind: 'mention', start: 0, end: 1, query: '' });
    expect(tokenAtCaret('mail me@example.com', 19)).to.equal(undefined);
    expect(tokenAtCaret('@F-1 and more', 13)).to.equal(undefined);
  });

  it('replaces the token and puts the caret after it, with one space', () => {
    const token = tokenAtCaret('compare @rev and', 12)!;
    expect(replaceToken('compare @rev and', token, '@Revenue ')).to.deep.equal({ text: 'compare @Revenue and', caret: 17 });
    const command = tokenAtCaret('/st', 3)!;
    expect(replaceToken('/st', command, '/stage ')).to.deep.equal({ text: '/stage ', caret: 7 });
  });
});

describe('suggestions', () => {
  const commands = [
    { name: 'next', description: 'Next', args: [] },
    { name: 'stage', description: 'Stage', args: [{ name: 'n', required: true }] },
    { name: 'restart', description: 'Again', args: [] },
  ];

  it('lists commands that start with the query first, then those that contain it', () => {
    expect(commandSuggestions(commands, 'st')[0]!.options.map((o) => o.kind === 'command' && o.command.name)).to.deep.equal([
      'stage',
      'restart',
    ]);
    expect(commandSuggestions(commands, 'zzz')).to.deep.equal([]);
  });

  it('filters mentions by id, title or text, keeping the groups and dropping empty ones', () => {
    const groups = [
      { type: 'fact', label: 'Facts', items: [{ id: 'F-1', title: 'Revenue grew' }, { id: 'F-2', text: 'Costs fell' }] },
      { type: 'insight', label: 'Insights', items: [{ id: 'I-1', title: 'Margins' }] },
    ];
    expect(mentionSuggestions(groups, 'rev').map((g) => [g.label, g.options.length])).to.deep.equal([['Facts', 1]]);
    expect(mentionSuggestions(groups, 'COSTS')[0]!.options[0]).to.deep.include({ kind: 'mention', group: 'fact' });
    expect(mentionSuggestions(groups, '')).to.have.length(2);
  });

  it('takes a flat list of items too, grouped by group or type', () => {
    const groups = toMentionGroups([
      { id: 'F-1', group: 'Facts' },
      { id: 'I-1', type: 'insight' },
      { id: 'F-2', group: 'Facts' },
      { nope: true },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).to.deep.equal([
      ['Facts', ['F-1', 'F-2']],
      ['insight', ['I-1']],
    ]);
    expect(groups[0]!.items[0]).to.deep.equal({ id: 'F-1' });
  });
});

describe('client tool calls', () => {
  const call = (name: string, extra: Partial<PendingCall> = {}): PendingCall => ({
    toolCallId: `call-${name}`,
    name,
    kind: 'client',
    input: { a: 1 },
    label: name,
    reason: 'client',
    ...extra,
  });

  it('answers with the handler’s value, or an error result for a throw or a missing handler', async () => {
    expect(await runClientTool(call('x'), { a: 1 }, (input: { a: number }) => input.a + 1)).to.deep.equal({ output: 2 });
    expect(await runClientTool(call('x'), {}, () => undefined)).to.deep.equal({ output: null });
    expect(
      await runClientTool(call('x'), {}, () => {
        throw new Error('Page is busy');
      }),
    ).to.deep.equal({ output: 'Page is busy', isError: true });
    expect(await runClientTool(call('x'), {}, undefined)).to.deep.include({ isError: true });
  });

  it('asks confirm for what needs it, runs approved client tools with the edited input, and leaves the rest pending', async () => {
    const signal = new AbortController().signal;
    const calls = [
      call('plain'),
      call('guarded', { confirm: true }),
      call('server', { reason: 'confirm', kind: 'write' }),
    ];
    const withoutConfirm = await answerPendingCalls(calls, { tools: { plain: () => 'ran', guarded: () => 'ran too' } }, signal);
    expect(withoutConfirm).to.deep.equal({ decisions: [], results: [{ toolCallId: 'call-plain', output: 'ran' }] });

    const answers = await answerPendingCalls(
      calls,
      {
        tools: { plain: () => 'ran', guarded: (input: { a: number }) => `ran with ${input.a}` },
        confirm: (pending) => (pending.name === 'guarded' ? { action: 'edit', input: { a: 2 } } : { action: 'deny', reason: 'No' }),
      },
      signal,
    );
    expect(answers.results).to.deep.equal([
      { toolCallId: 'call-plain', output: 'ran' },
      { toolCallId: 'call-guarded', output: 'ran with 2', input: { a: 2 } },
    ]);
    expect(answers.decisions).to.deep.equal([{ toolCallId: 'call-server', action: 'deny', reason: 'No' }]);
  });

  it('gives up waiting for a handler when stopped', async () => {
    const abort = new AbortController();
    const answering = answerPendingCalls([call('hang')], { tools: { hang: () => new Promise(() => {}) } }, abort.signal);
    abort.abort();
    let error: unknown;
    await answering.catch((e: unknown) => (error = e));
    expect((error as DOMException).name).to.equal('AbortError');
  });
});

describe('triggerGate', () => {
  it('drops a trigger of the same name within its cooldown at once, not another name, and says so', async () => {
    const host = document.createElement('div');
    const sent: string[] = [];
    const dropped: { name: string; reason: string }[] = [];
    host.addEventListener('agent-chat-trigger-dropped', (event) => dropped.push({ name: event.detail.name, reason: event.detail.reason }));
    const offer = triggerGate(host, { state: () => undefined, lastTypedAt: () => undefined, send: (text) => sent.push(text) });
    expect(offer('questionWrong', 1, { cooldownMs: 1000 }, 10_000)).to.equal(true);
    expect(offer('questionWrong', 2, { cooldownMs: 1000 }, 10_500)).to.equal(false);
    expect(dropped).to.deep.equal([{ name: 'questionWrong', reason: 'cooldown' }]);
    expect(offer('pageChange', 3, { cooldownMs: 1000 }, 10_500)).to.equal(true);
    expect(offer('questionWrong', 4, { cooldownMs: 1000 }, 11_000)).to.equal(true);
    // Sent once the triggers' chunk is in (the rest of what it does: trigger-queue.test.ts).
    await waitFor(() => sent.length === 3, { message: 'the three accepted triggers sent' });
    expect(sent).to.deep.equal(['questionWrong: 1', 'pageChange: 3', 'questionWrong: 4']);
    expect(dropped).to.have.length(1);
  });
});

describe('parseDroppedItems', () => {
  it('takes one item or a list, and leaves out what is not an item', () => {
    expect(parseDroppedItems('{"id":"doc-1","title":"Chapter 12"}')).to.deep.equal([{ id: 'doc-1', title: 'Chapter 12' }]);
    expect(parseDroppedItems('[{"id":"a"},{"title":"no id"},{"id":""},3]')).to.deep.equal([{ id: 'a' }]);
    expect(parseDroppedItems('nope')).to.deep.equal([]);
  });
});
