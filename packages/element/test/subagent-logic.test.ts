import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { EventSourceMessage } from 'eventsource-parser';
import type { SessionResponse, StreamEvent, Turn } from '@agent-chat/protocol';
import { ConversationController } from '../src/conversation/conversation-controller.js';
import { sumUsage, usageFigures } from '../src/core/usage.js';
import { NO_CATALOG } from '../src/core/turns/tool-catalog.js';
import { TurnLog } from '../src/core/turns/turn-log.js';
import { branchGroup } from '../src/features/subagent-tree/branch-group.js';
import type { AgentTransport } from '../src/transport/transport.js';
import { waitFor } from './support/wait.js';

// Issue 34.6, the conversation's side: a sub-agent's events (parentCallId) build its call's branch and never the
// conversation's turns, live and from the stored session alike; a run's usage is kept by the user turn it answered.

class SubagentHostElement extends LitElement {}
customElements.define('test-subagent-host', SubagentHostElement);

const call = (turnId: string, toolCallId: string, parentCallId?: string): StreamEvent => ({
  type: 'tool_call',
  turnId,
  toolCallId,
  name: 'search',
  kind: 'read',
  label: `Searching ${toolCallId}`,
  input: {},
  subagent: true,
  ...(parentCallId ? { parentCallId } : {}),
});

const EVENTS: StreamEvent[] = [
  { type: 'run_started', runId: 'r1', sessionId: 's1', resumed: false, userTurnId: 'u1' },
  { type: 'text_delta', turnId: 'a1', text: 'Asking two searchers.' },
  call('c1', 'A'),
  call('c2', 'B'),
  // Interleaved, as parallel branches stream.
  { type: 'text_delta', turnId: 'a-A', text: 'Reading ', parentCallId: 'A' },
  { type: 'thinking_delta', turnId: 't-B', text: 'Where?', parentCallId: 'B' },
  { type: 'text_delta', turnId: 'a-A', text: 'A.', parentCallId: 'A' },
  call('c-A1', 'A1', 'A'),
  { type: 'text_delta', turnId: 'a-A1', text: 'Nested.', parentCallId: 'A1' },
  { type: 'tool_result', turnId: 'r-A1', toolCallId: 'A1', name: 'search', output: 'Nested.', isError: false, parentCallId: 'A', usage: { inputTokens: 5, outputTokens: 1 } },
  { type: 'tool_result', turnId: 'r1', toolCallId: 'A', name: 'search', output: 'A.', isError: false, usage: { inputTokens: 10, outputTokens: 2, cost: 0.5 } },
  { type: 'tool_result', turnId: 'r2', toolCallId: 'B', name: 'search', output: '', isError: false, stopped: true, usage: { inputTokens: 3, outputTokens: 0 } },
  { type: 'text_delta', turnId: 'a2', text: 'Done.' },
  { type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false, usage: { inputTokens: 40, outputTokens: 9 } },
];

async function* stream(events: StreamEvent[]): AsyncGenerator<EventSourceMessage> {
  for (const event of events) yield { event: event.type, id: undefined, data: JSON.stringify(event) };
}

class FakeServer implements Partial<AgentTransport> {
  readonly endpoint = '/fake';
  readonly transport = 'agent-chat' as const;
  constructor(public session: SessionResponse) {}
  async sendMessage() {
    return stream(EVENTS);
  }
  async getSession() {
    return this.session;
  }
  async tools() {
    return { tools: [], commands: [] };
  }
  async follow() {
    return undefined;
  }
  waitForRun(_sessionId: string, _after: number, signal: AbortSignal): Promise<undefined> {
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined)));
  }
}

const empty = (extra: Partial<SessionResponse> = {}): SessionResponse => ({ sessionId: 's1', turns: [], pending: [], undoable: false, running: false, lastEventId: 0, ...extra });

async function conversationOn(server: FakeServer): Promise<ConversationController> {
  const host = await fixture<SubagentHostElement>(html`<test-subagent-host></test-subagent-host>`);
  const conversation = new ConversationController(host);
  conversation.configure(server as unknown as AgentTransport, 's1');
  await waitFor(() => !conversation.state.loading, { message: 'the stored history' });
  return conversation;
}

/** Each branch's turns, as type and text or call. */
function branches(conversation: ConversationController): Record<string, string[]> {
  return Object.fromEntries(
    Array.from(conversation.state.subagents, ([id, log]) => [
      id,
      log.turns.map((turn) => `${turn.type} ${'text' in turn ? turn.text : 'toolCallId' in turn ? turn.toolCallId : ''}`),
    ]),
  );
}

describe('sub-agents in the conversation’s model (issue 34.6)', () => {
  it('a sub-agent’s events build its call’s branch, interleaved and nested, never the conversation’s turns; done’s usage is kept by its user turn', async () => {
    const conversation = await conversationOn(new FakeServer(empty()));
    await conversation.send('Search');
    const main = conversation.state.turns.map((turn) => `${turn.type} ${'text' in turn ? turn.text : 'toolCallId' in turn ? turn.toolCallId : ''}`);
    expect(main).to.deep.equal(['user Search', 'assistant_text Asking two searchers.', 'tool_call A', 'tool_call B', 'tool_result A', 'tool_result B', 'assistant_text Done.']);
    expect(conversation.state.turns.find((turn) => turn.id === 'c1')).to.include({ subagent: true });
    expect(conversation.state.turns.find((turn) => turn.id === 'r1')).to.deep.include({ usage: { inputTokens: 10, outputTokens: 2, cost: 0.5 } });
    expect(branches(conversation)).to.deep.equal({
      A: ['assistant_text Reading A.', 'tool_call A1', 'tool_result A1'],
      B: ['thinking Where?'],
      A1: ['assistant_text Nested.'],
    });
    expect(conversation.state.usage).to.deep.equal([['u1', { inputTokens: 40, outputTokens: 9 }]]);
  });

  it('the stored session’s subagentTurns and usage give the same branches; clearing forgets them', async () => {
    const at = (turn: Partial<Turn>) => ({ createdAt: 1, ...turn }) as Turn;
    const conversation = await conversationOn(
      new FakeServer(
        empty({
          turns: [at({ id: 'u1', type: 'user', text: 'Search' }), at({ id: 'c1', type: 'tool_call', toolCallId: 'A', name: 'search', input: {}, subagent: true })],
          subagentTurns: [
            at({ id: 'p-A', type: 'user', text: 'Search A', parentCallId: 'A' }),
            at({ id: 'a-A', type: 'assistant_text', text: 'Reading A.', parentCallId: 'A' }),
            at({ id: 'p-A1', type: 'user', text: 'Check', parentCallId: 'A1' }),
          ],
          usage: { u1: { inputTokens: 7, outputTokens: 1 } },
        }),
      ),
    );
    expect(branches(conversation)).to.deep.equal({ A: ['user Search A', 'assistant_text Reading A.'], A1: ['user Check'] });
    expect(conversation.state.usage).to.deep.equal([['u1', { inputTokens: 7, outputTokens: 1 }]]);
    // A branch's steps leave out its first message (the task, which the call's input says): the same live and stored.
    const steps = branchGroup('A', conversation.state.subagents.get('A'), false, NO_CATALOG, []).steps;
    expect(steps.map((step) => step.kind)).to.deep.equal(['assistant']);
    await conversation.clear();
    expect(conversation.state.subagents.size).to.equal(0);
    expect(conversation.state.usage).to.deep.equal([]);
  });

  it('a branch’s steps: a running one streams its last text and runs its calls; a finished one does not', () => {
    const log = new TurnLog([
      { id: 'a', createdAt: 1, type: 'assistant_text', text: 'Hi', parentCallId: 'A' },
      { id: 'c', createdAt: 1, type: 'tool_call', toolCallId: 'X', name: 'read', input: {}, parentCallId: 'A' },
    ]);
    expect(branchGroup('A', log, true, NO_CATALOG, []).steps.map((step) => (step.kind === 'tool' ? step.state : step.kind))).to.deep.equal(['assistant', 'running']);
    expect(branchGroup('A', log, false, NO_CATALOG, []).steps.map((step) => (step.kind === 'tool' ? step.state : step.kind))).to.deep.equal(['assistant', 'interrupted']);
    expect(branchGroup('B', undefined, true, NO_CATALOG, []).steps).to.deep.equal([]);
  });

  it('usage: summed over runs, the cost only when each has one; figures as a person reads them', () => {
    expect(sumUsage([])).to.equal(undefined);
    expect(sumUsage([{ inputTokens: 1, outputTokens: 2, cacheReadTokens: 1, cost: 0.1 }, { inputTokens: 3, outputTokens: 4, cost: 0.2 }])).to.deep.equal({
      inputTokens: 4,
      outputTokens: 6,
      cacheReadTokens: 1,
      cost: 0.1 + 0.2,
    });
    expect(sumUsage([{ inputTokens: 1, outputTokens: 2, cost: 0.1 }, { inputTokens: 3, outputTokens: 4 }])).to.deep.equal({ inputTokens: 4, outputTokens: 6 });
    expect(usageFigures({ inputTokens: 12345, outputTokens: 6, cost: 0.01234 }, 'en')).to.deep.equal({ input: '12,345', output: '6', cost: '$0.0123' });
    expect(usageFigures({ inputTokens: 1, outputTokens: 2, cost: 1.5 }, 'en').cost).to.equal('$1.50');
    expect(usageFigures({ inputTokens: 1, outputTokens: 2 }, 'en').cost).to.equal(undefined);
  });
});
