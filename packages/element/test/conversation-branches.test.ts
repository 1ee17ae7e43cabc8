import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { EventSourceMessage } from 'eventsource-parser';
import type { SendMessageRequest, SessionResponse, StreamEvent, Turn } from '@agent-chat/protocol';
import { ReplyBusy } from '../src/context/conversation-context.js';
import { ConversationController } from '../src/conversation/conversation-controller.js';
import type { AgentTransport, SendMessage } from '../src/transport/transport.js';
import { waitFor } from './support/wait.js';

// Issue 32.2: a regenerated reply and an edited message are actions the conversation offers (regenerate,
// replaceMessage), each sent by the function the caller gives runTurn (the message actions' routes); the
// conversation's own client is never replaced meanwhile, and nothing outside the conversation touches its model.

class ConversationHostElement extends LitElement {}
customElements.define('test-branches-host', ConversationHostElement);

const turn = (id: string, type: 'user' | 'assistant_text', text: string): Turn => ({ id, type, text, createdAt: 1 }) as Turn;

const stored = (turns: Turn[], extra: Partial<SessionResponse> = {}): SessionResponse => ({
  sessionId: 's1',
  turns,
  pending: [],
  undoable: false,
  running: false,
  lastEventId: 0,
  ...extra,
});

async function* stream(events: StreamEvent[], hold?: Promise<void>): AsyncGenerator<EventSourceMessage> {
  for (const event of events) {
    if (event.type === 'done') await hold;
    yield { event: event.type, id: undefined, data: JSON.stringify(event) };
  }
}

const reply = (runId: string, turnId: string, text: string, userTurnId?: string): StreamEvent[] => [
  { type: 'run_started', runId, sessionId: 's1', resumed: false, ...(userTurnId ? { userTurnId } : {}) },
  { type: 'text_delta', turnId, text },
  { type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false },
];

/** The server as the conversation sees it: a stored session, and no POST /messages expected. */
class FakeServer implements AgentTransport {
  readonly endpoint = '/fake';
  readonly transport = 'agent-chat' as const;
  session: SessionResponse;
  /** Messages that went by POST /messages: none should, in these tests. */
  readonly posted: SendMessageRequest[] = [];

  constructor(session: SessionResponse) {
    this.session = session;
  }

  async sendMessage(_sessionId: string, body: SendMessageRequest): Promise<AsyncGenerator<EventSourceMessage>> {
    this.posted.push(body);
    throw new Error('this turn was to be sent by the function given to runTurn');
  }
  async resume(): Promise<AsyncGenerator<EventSourceMessage>> {
    throw new Error('no resume here');
  }
  async follow() {
    return undefined;
  }
  waitForRun(_sessionId: string, _after: number, signal: AbortSignal): Promise<undefined> {
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined)));
  }
  async cancel() {}
  async undo(): Promise<never> {
    throw new Error('no undo here');
  }
  async getSession() {
    return this.session;
  }
  async deleteSession() {}
  async tools() {
    return { tools: [], commands: [] };
  }
  async commands() {
    return { commands: [] };
  }
  async request(): Promise<Response> {
    throw new Error('no other route here');
  }
}

async function conversationOn(server: FakeServer): Promise<ConversationController> {
  const host = await fixture<ConversationHostElement>(html`<test-branches-host></test-branches-host>`);
  const conversation = new ConversationController(host);
  conversation.configure(server, 's1');
  await waitFor(() => !conversation.state.loading && conversation.state.turns.length > 0, { message: 'the stored history' });
  return conversation;
}

const texts = (conversation: ConversationController) => conversation.state.turns.map((each) => (each.type === 'user' || each.type === 'assistant_text' ? each.text : each.type));

describe('the conversation\'s branches, sent by the function runTurn is given', () => {
  it('regenerate: the last message runs again through `send`, not POST /messages, and the stored versions are read after', async () => {
    const server = new FakeServer(stored([turn('u1', 'user', 'Hello'), turn('a1', 'assistant_text', 'First reply')]));
    const conversation = await conversationOn(server);
    const calls: { sessionId: string; body: SendMessageRequest }[] = [];
    const send: SendMessage = async (sessionId, body) => {
      calls.push({ sessionId, body });
      server.session = stored([turn('u1', 'user', 'Hello'), turn('a2', 'assistant_text', 'Second reply')], { branches: [{ turnId: 'a2', index: 1, count: 2 }] });
      return stream(reply('r2', 'a2', 'Second reply'));
    };
    await conversation.state.regenerate(send);
    expect(calls.map((call) => [call.sessionId, call.body.text, call.body.retryOf])).to.deep.equal([['s1', 'Hello', 'u1']]);
    expect(server.posted, 'POST /messages').to.deep.equal([]);
    expect(texts(conversation)).to.deep.equal(['Hello', 'Second reply']);
    expect(conversation.state.branches).to.deep.equal([{ turnId: 'a2', index: 1, count: 2 }]);
    expect('model' in conversation.state, 'the snapshot gives no model away').to.equal(false);
  });

  it('replaceMessage: the edited message and what followed go, the new one is sent through `send`', async () => {
    const server = new FakeServer(
      stored([turn('u1', 'user', 'Hello'), turn('a1', 'assistant_text', 'Hi'), turn('u2', 'user', 'Second'), turn('a2', 'assistant_text', 'Again')]),
    );
    const conversation = await conversationOn(server);
    const sent: SendMessageRequest[] = [];
    const send: SendMessage = async (_sessionId, body) => {
      sent.push(body);
      server.session = stored([turn('u1', 'user', 'Hello'), turn('a1', 'assistant_text', 'Hi'), turn('u3', 'user', 'Second, edited'), turn('a3', 'assistant_text', 'Edited reply')]);
      return stream(reply('r3', 'a3', 'Edited reply', 'u3'));
    };
    await conversation.state.replaceMessage('u2', '  Second, edited ', send);
    expect(sent.map((body) => body.text)).to.deep.equal(['Second, edited']);
    expect(server.posted, 'POST /messages').to.deep.equal([]);
    expect(texts(conversation)).to.deep.equal(['Hello', 'Hi', 'Second, edited', 'Edited reply']);
    expect(conversation.state.indexOf('u3')).to.equal(2);
  });

  it('refuses a branch while a reply streams (ReplyBusy), and the streaming reply goes on', async () => {
    const server = new FakeServer(stored([turn('u1', 'user', 'Hello'), turn('a1', 'assistant_text', 'First reply')]));
    const conversation = await conversationOn(server);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const regenerating = conversation.state.regenerate(async () => stream(reply('r2', 'a2', 'Slow reply'), held));
    await waitFor(() => conversation.state.running, { message: 'the reply streaming' });
    const refusal = await conversation.state.replaceMessage('u1', 'Other', () => Promise.reject(new Error('not sent'))).catch((error: unknown) => error);
    expect(refusal).to.be.instanceOf(ReplyBusy);
    release();
    await regenerating;
    expect(conversation.state.running).to.equal(false);
    expect(server.posted).to.deep.equal([]);
  });
});
