import { expect } from '@open-wc/testing';
import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { applyEvent } from '../src/core/turns/apply-event.js';
import { TurnLog } from '../src/core/turns/turn-log.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import { STOPPED_CODE, STOPPED_TEXT } from '../src/core/turns/local-turns.js';

const NOW = 1_700_000_000_000;
const user: Turn = { id: 'u1', createdAt: NOW, type: 'user', text: 'Where is my order?' };

function reduce(events: StreamEvent[], start: readonly Turn[] = [user], unsent: readonly string[] = []): readonly Turn[] {
  const log = new TurnLog(start);
  for (const id of unsent) log.unsent.add(id);
  for (const event of events) applyEvent(log, event, NOW);
  return log.turns;
}

const toolCall: StreamEvent = {
  type: 'tool_call',
  turnId: 't3',
  toolCallId: 'call_1',
  name: 'lookup_order',
  kind: 'read',
  label: 'Looking up order A-17',
  input: { order_id: 'A-17' },
};
const toolResult: StreamEvent = {
  type: 'tool_result',
  turnId: 't4',
  toolCallId: 'call_1',
  name: 'lookup_order',
  output: { status: 'shipped' },
  isError: false,
};

describe('applyEvent (the event → turns reduction)', () => {
  it('grows one assistant_text turn from the deltas of one turn id', () => {
    const turns = reduce([
      { type: 'text_delta', turnId: 't1', text: 'Let me ' },
      { type: 'text_delta', turnId: 't1', text: 'check.' },
    ]);
    expect(turns).to.deep.equal([user, { id: 't1', createdAt: NOW, type: 'assistant_text', text: 'Let me check.' }]);
  });

  it('starts a new turn when the turn id changes, and keeps thinking apart from text', () => {
    const turns = reduce([
      { type: 'thinking_delta', turnId: 't1', text: 'Hmm, ' },
      { type: 'thinking_delta', turnId: 't1', text: 'an order.' },
      { type: 'text_delta', turnId: 't2', text: 'Checking.' },
      { type: 'text_delta', turnId: 't5', text: 'Shipped.' },
    ]);
    expect(turns.map((t) => [t.type, 'text' in t ? t.text : ''])).to.deep.equal([
      ['user', 'Where is my order?'],
      ['thinking', 'Hmm, an order.'],
      ['assistant_text', 'Checking.'],
      ['assistant_text', 'Shipped.'],
    ]);
  });

  it('records tool calls and results as turns, and a replayed event replaces its turn', () => {
    const turns = reduce([toolCall, toolResult, toolResult]);
    expect(turns).to.have.length(3);
    expect(turns[1]).to.deep.include({ type: 'tool_call', toolCallId: 'call_1', label: 'Looking up order A-17', kind: 'read' });
    expect(turns[2]).to.deep.include({ type: 'tool_result', toolCallId: 'call_1', isError: false, output: { status: 'shipped' } });
  });

  it('adds status and error lines', () => {
    const turns = reduce([
      { type: 'status', turnId: 's1', text: 'Searching 3 documents…' },
      { type: 'error', message: 'The model is overloaded', code: 'overloaded' },
    ]);
    expect(turns[1]).to.deep.include({ type: 'status', text: 'Searching 3 documents…' });
    expect(turns[2]).to.deep.include({ type: 'error', message: 'The model is overloaded', code: 'overloaded' });
  });

  it('ends a cancelled run with one "Stopped by user" line, and other endings with none', () => {
    const done = (stopReason: 'cancelled' | 'end_turn'): StreamEvent => ({ type: 'done', stopReason, hasWrites: false, undoable: false });
    const cancelled = reduce([done('cancelled'), done('cancelled')]);
    expect(cancelled.slice(1)).to.deep.equal([{ id: cancelled[1]!.id, createdAt: NOW, type: 'status', text: STOPPED_TEXT, code: STOPPED_CODE }]);
    expect(cancelled[1]!.id).to.match(/^stopped-/);
    expect(reduce([done('end_turn')])).to.deep.equal([user]);
  });

  it('leaves the list alone for events that are not about turns, and never mutates its input', () => {
    const start = Object.freeze([user]) as readonly Turn[];
    const events: StreamEvent[] = [
      { type: 'run_started', runId: 'r1', sessionId: 's', resumed: false },
      { type: 'state', state: { slides: 3 } },
      { type: 'awaiting_input', calls: [] },
    ];
    const log = new TurnLog(start);
    const version = log.version;
    for (const event of events) expect(applyEvent(log, event, NOW)).to.equal(false);
    expect(log.version).to.equal(version);
    expect(applyEvent(log, { type: 'text_delta', turnId: 't1', text: 'x' }, NOW)).to.equal(true);
    expect(log.version).to.equal(version + 1);
    expect(start).to.have.length(1);
  });

  it('touches only the turn a delta is about: the other turn objects, and the array, stay the same', () => {
    const history: Turn[] = [];
    for (let i = 0; i < 500; i++) {
      history.push({ id: `u${i}`, createdAt: NOW, type: 'user', text: `q${i}` }, { id: `a${i}`, createdAt: NOW, type: 'assistant_text', text: `r${i}` });
    }
    const log = new TurnLog(history);
    const array = log.turns;
    const before = array.slice();
    const settled = log.settled;
    applyEvent(log, { type: 'text_delta', turnId: 'live', text: 'Hel' }, NOW);
    applyEvent(log, { type: 'text_delta', turnId: 'live', text: 'lo' }, NOW);
    expect(log.turns).to.equal(array);
    expect(log.turns.slice(0, 1000).every((turn, i) => turn === before[i])).to.equal(true);
    expect(log.turns[1000]).to.deep.include({ id: 'live', text: 'Hello' });
    // Nothing before the last user message changed: the finished groups may be kept as drawn.
    expect(log.settled).to.equal(settled);
    applyEvent(log, { type: 'status', turnId: 'a3', text: 'replayed into an old turn' }, NOW);
    expect(log.settled).to.not.equal(settled);
  });
});

describe('toDisplayItems (turns → rendered rows)', () => {
  it('folds each tool result into its call, and says whether the call runs, is done or failed', () => {
    const calls = reduce([toolCall]);
    expect(toDisplayItems(calls, true).map((i) => i.kind === 'tool' && i.state)).to.deep.equal([false, 'running']);
    expect(toDisplayItems(calls, false).map((i) => i.kind === 'tool' && i.state)).to.deep.equal([false, 'interrupted']);

    const done = toDisplayItems(reduce([toolCall, toolResult]), false);
    expect(done).to.have.length(2);
    expect(done[1]).to.deep.include({ kind: 'tool', state: 'done' });

    const failed = toDisplayItems(reduce([toolCall, { ...toolResult, isError: true }] as StreamEvent[]), false);
    expect(failed[1]).to.deep.include({ kind: 'tool', state: 'failed' });
  });

  it('marks only the last text turn of a running reply as streaming', () => {
    const turns = reduce([
      { type: 'thinking_delta', turnId: 't1', text: 'Hmm' },
      { type: 'text_delta', turnId: 't2', text: 'Hel' },
    ]);
    const streaming = toDisplayItems(turns, true).map((i) => ('streaming' in i ? i.streaming : null));
    expect(streaming).to.deep.equal([null, false, true]);
    expect(toDisplayItems(turns, false).some((i) => 'streaming' in i && i.streaming)).to.equal(false);
  });
});

describe('a turn a run adds after messages that never reached the server', () => {
  it('goes before them: a run picked up again continues the turn before the failed messages', () => {
    const failed: Turn[] = [
      { id: 'local-user-a-1', createdAt: NOW, type: 'user', text: 'First try' },
      { id: 'local-error-a-2', createdAt: NOW, type: 'error', message: 'offline' },
      { id: 'local-user-a-3', createdAt: NOW, type: 'user', text: 'Second try' },
      { id: 'local-error-a-4', createdAt: NOW, type: 'error', message: 'offline' },
    ];
    const turns = reduce(
      [toolCall, toolResult, { type: 'text_delta', turnId: 't5', text: 'Shipped.' }],
      [user, ...failed],
      ['local-user-a-1', 'local-user-a-3'],
    );
    expect(turns.map((turn) => turn.id)).to.deep.equal(['u1', 't3', 't4', 't5', ...failed.map((turn) => turn.id)]);
  });

  it("puts the run's error and its \"stopped\" line there too, with the run's other turns", () => {
    const failed: Turn[] = [
      { id: 'local-user-c-1', createdAt: NOW, type: 'user', text: 'Meanwhile' },
      { id: 'local-error-c-2', createdAt: NOW, type: 'error', message: 'offline' },
    ];
    // The run's own lines have counted ids: shown here by their kind.
    const ids = (events: StreamEvent[]) =>
      reduce([toolCall, toolResult, ...events], [user, ...failed], ['local-user-c-1']).map((turn) => turn.id.replace(/^(event-error|stopped)-.*/, '$1'));
    expect(ids([{ type: 'error', message: 'The model is overloaded' }, { type: 'done', stopReason: 'error', hasWrites: false, undoable: false }])).to.deep.equal([
      'u1', 't3', 't4', 'event-error', 'local-user-c-1', 'local-error-c-2',
    ]);
    expect(ids([{ type: 'done', stopReason: 'cancelled', hasWrites: false, undoable: false }])).to.deep.equal(['u1', 't3', 't4', 'stopped', 'local-user-c-1', 'local-error-c-2']);
    // A "stopped" line the server stored for the run counts as the one, there as at the end.
    expect(ids([{ type: 'status', turnId: 't6', text: 'Stopped by user', code: 'cancelled' }, { type: 'done', stopReason: 'cancelled', hasWrites: false, undoable: false }])).to.deep.equal([
      'u1', 't3', 't4', 't6', 'local-user-c-1', 'local-error-c-2',
    ]);
  });

  it('gives a line written after another was taken out an id of its own', () => {
    const log = new TurnLog([user]);
    applyEvent(log, { type: 'error', message: 'first' }, NOW);
    const first = log.last!;
    log.remove(first);
    applyEvent(log, { type: 'error', message: 'second' }, NOW);
    expect(log.last!.id).to.not.equal(first.id);
  });

  it('goes at the end after a message that was sent, even one still known by its local id (AG-UI)', () => {
    const sent: Turn = { id: 'local-user-b-1', createdAt: NOW, type: 'user', text: 'And now?' };
    const turns = reduce([{ type: 'text_delta', turnId: 't5', text: 'Now.' }], [user, sent]);
    expect(turns.map((turn) => turn.id)).to.deep.equal(['u1', 'local-user-b-1', 't5']);
  });
});
