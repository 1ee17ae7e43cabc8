// The AG-UI → element event translation (src/core/ag-ui/translate.ts) on the cases the end-to-end test's
// agent does not send: chunk events, other roles, a patch that does not apply, outcomes, an agent-chat server's
// interrupt metadata, and AG-UI's MESSAGES_SNAPSHOT reconciliation.
import type { Message } from '@ag-ui/core';
import { expect } from '@open-wc/testing';
import { AgUiTranslator, reconcile } from '../src/core/ag-ui/translate.js';
import { newThread } from '../src/core/ag-ui/thread.js';

const translate = (translator: AgUiTranslator, ...events: object[]) =>
  events.flatMap((event) => translator.translate(event as { type: string }));

describe('AgUiTranslator', () => {
  it('follows TEXT_MESSAGE_CHUNK and TOOL_CALL_CHUNK (ids given once; the input streamed, the call complete at the next other event), and keeps the thread', () => {
    const thread = newThread();
    const events = translate(
      new AgUiTranslator(thread),
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Hel' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 't1', toolCallName: 'search', parentMessageId: 'm1', delta: '{"q":' },
      { type: 'TOOL_CALL_CHUNK', delta: '"cats"}' },
      // The first event that is not one of its chunks ends the call.
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    );
    const delta = (text: string) => ({ type: 'tool_input_delta', turnId: 'ag-ui-call-t1', toolCallId: 't1', name: 'search', delta: text });
    expect(events).to.deep.equal([
      { type: 'text_delta', turnId: 'ag-ui-text-m1', text: 'Hel' },
      { type: 'text_delta', turnId: 'ag-ui-text-m1', text: 'lo' },
      delta(''),
      delta('{"q":'),
      delta('"cats"}'),
      { type: 'tool_call', turnId: 'ag-ui-call-t1', toolCallId: 't1', name: 'search', kind: 'read', label: 'search', input: { q: 'cats' } },
      { type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false },
    ]);
    expect(thread.messages).to.deep.equal([
      { id: 'm1', role: 'assistant', content: 'Hello', toolCalls: [{ id: 't1', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } }] },
    ]);
  });

  it('shows no text of another role than the assistant', () => {
    const thread = newThread();
    const events = translate(
      new AgUiTranslator(thread),
      { type: 'TEXT_MESSAGE_START', messageId: 'd1', role: 'developer' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'd1', delta: 'internal note' },
      { type: 'TEXT_MESSAGE_END', messageId: 'd1' },
    );
    expect(events).to.deep.equal([]);
    expect(thread.messages).to.deep.equal([]);
  });

  it('skips a STATE_DELTA that does not apply, keeping the state as it was', () => {
    const thread = newThread();
    const translator = new AgUiTranslator(thread);
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const events = translate(
        translator,
        { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } },
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }, { op: 'remove', path: '/missing' }] },
        { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/m', value: 3 }] },
      );
      expect(events).to.deep.equal([
        { type: 'state', state: { n: 1 } },
        { type: 'state', state: { n: 1, m: 3 } },
      ]);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(1);
    expect(String(warnings[0])).to.contain('STATE_DELTA skipped').and.contain('/missing');
  });

  it('ends a run by its outcome: none or success, cancelled, RUN_ERROR', () => {
    const done = (stopReason: string) => ({ type: 'done', stopReason, hasWrites: false, undoable: false });
    expect(translate(new AgUiTranslator(newThread()), { type: 'RUN_FINISHED', threadId: 't', runId: 'r' })).to.deep.equal([done('end_turn')]);
    expect(translate(new AgUiTranslator(newThread()), { type: 'RUN_FINISHED', threadId: 't', runId: 'r', outcome: { type: 'cancelled' } })).to.deep.equal([
      done('cancelled'),
    ]);
    const failed = new AgUiTranslator(newThread());
    expect(translate(failed, { type: 'RUN_ERROR', message: 'Quota exceeded', code: 'quota' })).to.deep.equal([
      { type: 'error', message: 'Quota exceeded', code: 'quota' },
      done('error'),
    ]);
    expect(failed.ended).to.equal(true);
  });

  it("takes a card's details from an agent-chat server's interrupt metadata, and a bare confirmation's from its message", () => {
    const thread = newThread();
    const events = translate(new AgUiTranslator(thread), {
      type: 'RUN_FINISHED',
      threadId: 't',
      runId: 'r',
      outcome: {
        type: 'interrupt',
        interrupts: [
          {
            id: 'c1',
            reason: 'tool_approval',
            toolCallId: 'c1',
            message: 'Deleting F-1',
            metadata: { 'agent-chat': { name: 'delete_item', kind: 'write', input: { id: 'F-1' }, preview: { impact: ['F-1 goes'] }, confirmButton: { label: 'Delete' } } },
          },
          { id: 'i2', reason: 'confirmation', message: 'Proceed with the plan?' },
        ],
      },
    });
    expect(events[0]).to.deep.equal({
      type: 'awaiting_input',
      calls: [
        {
          toolCallId: 'c1',
          name: 'delete_item',
          kind: 'write',
          input: { id: 'F-1' },
          label: 'Deleting F-1',
          reason: 'confirm',
          preview: { impact: ['F-1 goes'] },
          confirmButton: { label: 'Delete' },
        },
        { toolCallId: 'ag-ui-interrupt-i2', name: 'confirmation', kind: 'write', input: {}, label: 'Proceed with the plan?', reason: 'confirm' },
      ],
    });
    expect([...thread.interrupts.keys()]).to.deep.equal(['c1', 'ag-ui-interrupt-i2']);
  });
});

describe('reconcile (MESSAGES_SNAPSHOT)', () => {
  it('replaces in place, drops what the snapshot lacks, appends what is new in its order', () => {
    const held: Message[] = [
      { id: 'u1', role: 'user', content: 'hi' },
      { id: 'a1', role: 'assistant', content: 'draft' },
      { id: 'gone', role: 'assistant', content: 'dropped' },
      { id: 'u2', role: 'user', content: 'again' },
    ];
    const snapshot: Message[] = [
      { id: 'new-1', role: 'assistant', content: 'new first' },
      { id: 'u2', role: 'user', content: 'again' },
      { id: 'a1', role: 'assistant', content: 'final' },
      { id: 'u1', role: 'user', content: 'hi' },
      { id: 'new-2', role: 'assistant', content: 'new second' },
    ];
    expect(reconcile(held, snapshot).map((message) => [message.id, message.content])).to.deep.equal([
      ['u1', 'hi'],
      ['a1', 'final'],
      ['u2', 'again'],
      ['new-1', 'new first'],
      ['new-2', 'new second'],
    ]);
  });
});
