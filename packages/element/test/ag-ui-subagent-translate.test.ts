// AG-UI 1.0 sub-agent runs in the element's translation (src/core/ag-ui/translate.ts) and in a thread's reload
// (src/core/ag-ui/snapshot-turns.ts), on sequences the agent-chat server does not send: run ids that are not the
// call's, parallel branches whose events interleave, nested runs, SUBAGENT_ERROR, a suspended run, a run no call
// spawned, and an interrupt a sub-agent raised.
import type { Message } from '@ag-ui/core';
import type { StreamEvent } from '@agent-chat/protocol';
import { expect } from '@open-wc/testing';
import { snapshotTurns } from '../src/core/ag-ui/snapshot-turns.js';
import { newThread } from '../src/core/ag-ui/thread.js';
import { AgUiTranslator } from '../src/core/ag-ui/translate.js';

const translate = (translator: AgUiTranslator, ...events: object[]) => events.flatMap((event) => translator.translate(event as { type: string }));

/** The call `id` of the agent `run` (absent: the main agent), whole. */
const call = (id: string, name: string, args: string, run?: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: `m-${id}`, ...(run ? { subagentRunId: run } : {}) },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args, ...(run ? { subagentRunId: run } : {}) },
  { type: 'TOOL_CALL_END', toolCallId: id, ...(run ? { subagentRunId: run } : {}) },
];
const text = (messageId: string, delta: string, run?: string) => [
  { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...(run ? { subagentRunId: run } : {}) },
  { type: 'TEXT_MESSAGE_CONTENT', messageId, delta, ...(run ? { subagentRunId: run } : {}) },
  { type: 'TEXT_MESSAGE_END', messageId, ...(run ? { subagentRunId: run } : {}) },
];

/** Each event as its type, its turn and the branch it goes to (`-` for the conversation's own). */
const shape = (events: StreamEvent[]) =>
  events.map((event) => `${event.type} ${'turnId' in event ? event.turnId : ''} ${'parentCallId' in event && event.parentCallId ? event.parentCallId : '-'}`);

describe('AgUiTranslator: sub-agent runs (AG-UI 1.0)', () => {
  it('marks the spawning call a sub-agent, sends each run’s events to its call’s branch (by SUBAGENT_STARTED, not by id), interleaved parallel runs apart, nested ones under theirs', () => {
    const thread = newThread();
    const events = translate(
      new AgUiTranslator(thread),
      ...call('c1', 'search', '{"doc":"A"}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-a', name: 'search', description: 'Searching A', parentToolCallId: 'c1', parentMessageId: 'm-c1' },
      ...call('c2', 'search', '{"doc":"B"}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-b', name: 'search', parentToolCallId: 'c2' },
      // A and B interleave.
      { type: 'TEXT_MESSAGE_START', messageId: 'ta', role: 'assistant', subagentRunId: 'run-a' },
      { type: 'TEXT_MESSAGE_START', messageId: 'tb', role: 'assistant', subagentRunId: 'run-b' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'tb', delta: 'B reads', subagentRunId: 'run-b' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'ta', delta: 'A reads', subagentRunId: 'run-a' },
      { type: 'TEXT_MESSAGE_END', messageId: 'ta', subagentRunId: 'run-a' },
      { type: 'TEXT_MESSAGE_END', messageId: 'tb', subagentRunId: 'run-b' },
      // A starts a sub-agent of its own.
      ...call('c3', 'check', '{}', 'run-a'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-c', name: 'check', description: 'Checking', parentToolCallId: 'c3', parentSubagentRunId: 'run-a' },
      { type: 'REASONING_MESSAGE_START', messageId: 'rc', role: 'reasoning', subagentRunId: 'run-c' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'rc', delta: 'hmm', subagentRunId: 'run-c' },
      ...text('tc', 'quote ok', 'run-c'),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-c', outcome: { type: 'success' }, result: 'quote ok' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r3', toolCallId: 'c3', content: 'quote ok', role: 'tool', subagentRunId: 'run-a' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-b', result: { found: 'B2' } },
      { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 'c2', content: '{"found":"B2"}', role: 'tool' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-a', outcome: { type: 'success' }, result: 'A2' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'A2', role: 'tool' },
      { type: 'RUN_FINISHED', threadId: 't', runId: 'r' },
    );
    expect(shape(events)).to.deep.equal([
      'tool_input_delta ag-ui-call-c1 -',
      'tool_input_delta ag-ui-call-c1 -',
      'tool_call ag-ui-call-c1 -',
      'tool_call ag-ui-call-c1 -',
      'tool_input_delta ag-ui-call-c2 -',
      'tool_input_delta ag-ui-call-c2 -',
      'tool_call ag-ui-call-c2 -',
      'tool_call ag-ui-call-c2 -',
      'text_delta ag-ui-text-tb c2',
      'text_delta ag-ui-text-ta c1',
      'tool_input_delta ag-ui-call-c3 c1',
      'tool_input_delta ag-ui-call-c3 c1',
      'tool_call ag-ui-call-c3 c1',
      'tool_call ag-ui-call-c3 c1',
      'thinking_delta ag-ui-thinking-rc c3',
      'text_delta ag-ui-text-tc c3',
      'tool_result ag-ui-result-c3 c1',
      'tool_result ag-ui-result-c3 c1',
      'tool_result ag-ui-result-c2 -',
      'tool_result ag-ui-result-c2 -',
      'tool_result ag-ui-result-c1 -',
      'tool_result ag-ui-result-c1 -',
      'done  -',
    ]);
    // SUBAGENT_STARTED makes the call a sub-agent's, labelled by the run's description.
    expect(events[3]).to.deep.include({ type: 'tool_call', toolCallId: 'c1', subagent: true, label: 'Searching A', input: { doc: 'A' } });
    expect(events[7]).to.deep.include({ subagent: true, label: 'search' });
    expect(events[13]).to.deep.include({ subagent: true, label: 'Checking', parentCallId: 'c1' });
    // The run's end gives the call its result; the caller's TOOL_CALL_RESULT says it again.
    expect(events[18]).to.deep.include({ output: { found: 'B2' }, isError: false });
    expect(events[19]).to.deep.include({ output: { found: 'B2' }, isError: false });
    // The thread: each run's messages tagged with its run.
    const tagged = thread.messages.map((message) => `${message.role} ${message.id} ${message.subagentRunId ?? '-'}`);
    expect(tagged).to.include.members(['assistant ta run-a', 'assistant tb run-b', 'reasoning rc run-c', 'assistant tc run-c', 'tool r3 run-a', 'tool r2 -']);
  });

  it('SUBAGENT_ERROR says the error in the branch and fails the call; an agent-chat server’s stopped and usage metadata reach the result', () => {
    const thread = newThread();
    const usage = { inputTokens: 10, outputTokens: 2 };
    const events = translate(
      new AgUiTranslator(thread),
      ...call('c1', 'search', '{}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-1', name: 'search', parentToolCallId: 'c1' },
      ...call('c2', 'search', '{}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-2', name: 'search', parentToolCallId: 'c2' },
      ...text('t1', 'reading', 'run-1'),
      { type: 'SUBAGENT_ERROR', subagentRunId: 'run-1', message: 'The model is overloaded', code: 'overloaded' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'The model is overloaded', role: 'tool' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-2', outcome: { type: 'success' }, result: 'so far', metadata: { 'agent-chat': { stopped: true, usage } } },
      { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 'c2', content: 'so far', role: 'tool', metadata: { 'agent-chat': { stopped: true, usage } } },
    );
    const after = (type: string, toolCallId?: string) => events.filter((event) => event.type === type && (!toolCallId || ('toolCallId' in event && event.toolCallId === toolCallId)));
    expect(after('error')).to.deep.equal([{ type: 'error', message: 'The model is overloaded', code: 'overloaded', parentCallId: 'c1' }]);
    for (const result of after('tool_result', 'c1')) expect(result).to.deep.include({ isError: true, output: 'The model is overloaded' });
    for (const result of after('tool_result', 'c2')) expect(result).to.deep.include({ isError: false, stopped: true, usage, output: 'so far' });
    expect(after('tool_result', 'c2')).to.have.length(2);
  });

  it('a suspended run keeps its call waiting; its interrupt’s card goes in its branch; a run announced again is the same branch', () => {
    const thread = newThread();
    const first = translate(
      new AgUiTranslator(thread),
      ...call('c1', 'clean', '{}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-1', name: 'clean', parentToolCallId: 'c1' },
      ...call('d1', 'delete', '{"id":"N-1"}', 'run-1'),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-1', outcome: { type: 'suspended', interruptIds: ['i1'] } },
      {
        type: 'RUN_FINISHED',
        threadId: 't',
        runId: 'r',
        outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'tool_approval', toolCallId: 'd1', subagentRunId: 'run-1', message: 'Delete N-1' }] },
      },
    );
    expect(first.filter((event) => event.type === 'tool_result'), 'no result while it waits').to.deep.equal([]);
    const waiting = first.find((event) => event.type === 'awaiting_input');
    expect(waiting).to.deep.include({ calls: [{ toolCallId: 'd1', name: 'delete', kind: 'write', input: { id: 'N-1' }, label: 'Delete N-1', reason: 'confirm', parentCallId: 'c1' }] });

    // The resumed run announces the run again (no call of this run spawns it): the same branch.
    const second = translate(
      new AgUiTranslator(thread),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-1', name: 'clean' },
      { type: 'TOOL_CALL_RESULT', messageId: 'rd', toolCallId: 'd1', content: 'Deleted', role: 'tool', subagentRunId: 'run-1' },
      ...text('t2', 'done', 'run-1'),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'done', role: 'tool' },
    );
    expect(shape(second)).to.deep.equal([
      'tool_call ag-ui-call-c1 -',
      'tool_result ag-ui-result-d1 c1',
      'text_delta ag-ui-text-t2 c1',
      'tool_result ag-ui-result-c1 -',
      'tool_result ag-ui-result-c1 -',
    ]);
  });

  it('a run no tool call spawned is shown as a sub-agent call of its own, under the run that started it', () => {
    const events = translate(
      new AgUiTranslator(newThread()),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'planner', name: 'planner', description: 'Planning' },
      { type: 'SUBAGENT_STARTED', subagentRunId: 'helper', name: 'helper', parentSubagentRunId: 'planner' },
      ...text('t1', 'helping', 'helper'),
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'helper', result: 'helped' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'planner', result: 'planned' },
    );
    expect(shape(events)).to.deep.equal([
      'tool_call ag-ui-call-ag-ui-subagent-planner -',
      'tool_call ag-ui-call-ag-ui-subagent-helper ag-ui-subagent-planner',
      'text_delta ag-ui-text-t1 ag-ui-subagent-helper',
      'tool_result ag-ui-result-ag-ui-subagent-helper ag-ui-subagent-planner',
      'tool_result ag-ui-result-ag-ui-subagent-planner -',
    ]);
    expect(events[0]).to.deep.include({ name: 'planner', label: 'Planning', subagent: true, input: {} });
  });
});

describe('snapshotTurns (a reload of an AG-UI thread)', () => {
  it('rebuilds the conversation’s turns and each branch’s, as a stored session’s subagentTurns, from the snapshot’s attributed messages', () => {
    const thread = newThread();
    // The user's message, as the page sends it before the run.
    thread.messages.push({ id: 'u1', role: 'user', content: 'Where?' });
    const translator = new AgUiTranslator(thread);
    translate(
      translator,
      ...call('c1', 'search', '{"doc":"A"}'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-a', name: 'search', description: 'Searching A', parentToolCallId: 'c1' },
      ...call('c3', 'check', '{}', 'run-a'),
      { type: 'SUBAGENT_STARTED', subagentRunId: 'run-c', name: 'check', parentToolCallId: 'c3', parentSubagentRunId: 'run-a' },
      { type: 'SUBAGENT_FINISHED', subagentRunId: 'run-c', metadata: { 'agent-chat': { stopped: true } } },
    );
    const snapshot: Message[] = [
      { id: 'u1', role: 'user', content: 'Where?' },
      { id: 'm-c1', role: 'assistant', content: 'I will search.', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"doc":"A"}' } }] },
      { id: 'r1', role: 'tool', toolCallId: 'c1', content: '"A2"' },
      { id: 'ua', role: 'user', content: 'Search A', subagentRunId: 'run-a' },
      { id: 'th', role: 'reasoning', content: 'Which page?', subagentRunId: 'run-a' },
      { id: 'm-c3', role: 'assistant', toolCalls: [{ id: 'c3', type: 'function', function: { name: 'check', arguments: '{}' } }], subagentRunId: 'run-a' },
      { id: 'r3', role: 'tool', toolCallId: 'c3', content: 'so far', subagentRunId: 'run-a' },
      { id: 'uc', role: 'user', content: 'Check', subagentRunId: 'run-c' },
      { id: 'tc', role: 'assistant', content: 'Checking…', subagentRunId: 'run-c' },
      { id: 'a2', role: 'assistant', content: 'In A2.' },
    ];
    translate(translator, { type: 'MESSAGES_SNAPSHOT', messages: snapshot });
    const { turns, subagentTurns } = snapshotTurns(thread, 5);
    const brief = (turn: (typeof turns)[number]) => `${turn.type} ${turn.id} ${turn.parentCallId ?? '-'}`;
    expect(turns.map(brief)).to.deep.equal(['user u1 -', 'assistant_text ag-ui-text-m-c1 -', 'tool_call ag-ui-call-c1 -', 'tool_result ag-ui-result-c1 -', 'assistant_text ag-ui-text-a2 -']);
    expect(subagentTurns.map(brief)).to.deep.equal([
      'user ua c1',
      'thinking ag-ui-thinking-th c1',
      'tool_call ag-ui-call-c3 c1',
      'tool_result ag-ui-result-c3 c1',
      'user uc c3',
      'assistant_text ag-ui-text-tc c3',
    ]);
    expect(turns[2]).to.deep.equal({ id: 'ag-ui-call-c1', createdAt: 5, type: 'tool_call', toolCallId: 'c1', name: 'search', kind: 'read', label: 'Searching A', input: { doc: 'A' }, subagent: true });
    expect(subagentTurns[2]).to.deep.include({ subagent: true, label: 'check' });
    expect(subagentTurns[3]).to.deep.include({ stopped: true, isError: false, output: 'so far' });
  });
});
