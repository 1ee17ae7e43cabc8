import { EventSchema } from '@ag-ui/core/schemas';
import type { DoneEvent, StreamEvent } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { historyMessages } from '../src/ag-ui/history-messages.js';
import { agUiEventMapper } from '../src/ag-ui/map-events.js';
import { stateDiff } from '../src/ag-ui/state-diff.js';

/** Our events through the mapper, ended by `done`; every AG-UI event checked against @ag-ui/core's schema. */
function play(events: Exclude<StreamEvent, DoneEvent>[], done: DoneEvent) {
  const mapper = agUiEventMapper({ threadId: 's1', runId: 'r1' });
  const out = [...events.flatMap((event) => mapper.map(event)), ...mapper.finish(done, [])];
  for (const event of out) EventSchema.parse(event);
  return out;
}
const started = { type: 'run_started', runId: 'run_1', sessionId: 's1', resumed: false } as const;
const done = (stopReason: DoneEvent['stopReason']): DoneEvent => ({ type: 'done', stopReason, hasWrites: false, undoable: false });

describe('AG-UI event mapper', () => {
  it('a Stop while a call is being written closes the call before the run ends (the snapshot then drops it)', () => {
    const out = play(
      [started, { type: 'text_delta', turnId: 't1', text: 'Let me' }, { type: 'tool_input_delta', turnId: 't2', toolCallId: 'c1', name: 'add', delta: '{"te' }],
      done('cancelled'),
    );
    expect(out.map((e) => e.type)).toEqual([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'MESSAGES_SNAPSHOT',
      'RUN_FINISHED',
    ]);
    expect(out.at(-1)).toMatchObject({ outcome: { type: 'cancelled' } });
  });

  it('an error ends open thinking and text, and RUN_ERROR carries its words instead of RUN_FINISHED', () => {
    const out = play(
      [started, { type: 'thinking_delta', turnId: 't1', text: 'Hm' }, { type: 'error', message: 'The model broke.', code: 'model_error' }],
      done('error'),
    );
    expect(out.map((e) => e.type)).toEqual(['RUN_STARTED', 'REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END', 'MESSAGES_SNAPSHOT', 'RUN_ERROR']);
    expect(out.at(-1)).toMatchObject({ message: 'The model broke.', code: 'model_error' });
  });

  it('a state event the same as the last sends nothing; a changed one only what changed', () => {
    const out = play(
      [
        started,
        { type: 'state', state: { a: 1, 'b/c': [1], gone: true } },
        { type: 'state', state: { a: 1, 'b/c': [1], gone: true } },
        { type: 'state', state: { a: 2, 'b/c': [1, 2] } },
        { type: 'state', state: ['not', 'an', 'object'] },
      ],
      done('end_turn'),
    );
    expect(out.filter((e) => e.type.startsWith('STATE')).map((e) => ('delta' in e ? e.delta : e.type))).toEqual([
      'STATE_SNAPSHOT',
      [
        { op: 'remove', path: '/gone' },
        { op: 'replace', path: '/a', value: 2 },
        { op: 'replace', path: '/b~1c', value: [1, 2] },
      ],
      'STATE_SNAPSHOT',
    ]);
  });

  it('stateDiff adds, removes and replaces by JSON Pointer, nested', () => {
    expect(stateDiff({ x: { y: 1, z: 2 } }, { x: { y: 1, w: 3 }, 'a~b': null })).toEqual([
      { op: 'remove', path: '/x/z' },
      { op: 'add', path: '/x/w', value: 3 },
      { op: 'add', path: '/a~0b', value: null },
    ]);
  });

  it('the history groups tool calls with the text before them, as the stream does', () => {
    const at = { createdAt: 0 };
    const messages = historyMessages([
      { id: 'u', type: 'user', text: 'hi', ...at },
      { id: 'a', type: 'assistant_text', text: 'On it.', ...at },
      { id: 'c1', type: 'tool_call', toolCallId: 'k1', name: 'n', input: { q: 1 }, ...at },
      { id: 'c2', type: 'tool_call', toolCallId: 'k2', name: 'n', input: {}, ...at },
      { id: 'r1', type: 'tool_result', toolCallId: 'k1', output: 'ok', isError: false, ...at },
      { id: 'r2', type: 'tool_result', toolCallId: 'k2', output: { why: 'no' }, isError: true, ...at },
      { id: 'c3', type: 'tool_call', toolCallId: 'k3', name: 'n', input: {}, ...at },
      { id: 's', type: 'status', text: 'Stopped by user', code: 'cancelled', ...at },
    ]);
    expect(messages).toEqual([
      { id: 'u', role: 'user', content: 'hi' },
      {
        id: 'a',
        role: 'assistant',
        content: 'On it.',
        toolCalls: [
          { id: 'k1', type: 'function', function: { name: 'n', arguments: '{"q":1}' } },
          { id: 'k2', type: 'function', function: { name: 'n', arguments: '{}' } },
        ],
      },
      { id: 'r1', role: 'tool', toolCallId: 'k1', content: 'ok' },
      { id: 'r2', role: 'tool', toolCallId: 'k2', content: '{"why":"no"}', error: '{"why":"no"}' },
      { id: 'k3', role: 'assistant', toolCalls: [{ id: 'k3', type: 'function', function: { name: 'n', arguments: '{}' } }] },
    ]);
  });
});

describe('AG-UI state diff', () => {
  it('sees only own keys: a key named like an Object.prototype member is added and removed', () => {
    expect(stateDiff({ a: 1 }, { a: 1, constructor: 'x' })).toEqual([{ op: 'add', path: '/constructor', value: 'x' }]);
    expect(stateDiff({ a: 1, toString: 'y' }, { a: 1 })).toEqual([{ op: 'remove', path: '/toString' }]);
  });
});
