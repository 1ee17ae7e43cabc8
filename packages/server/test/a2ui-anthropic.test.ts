import { A2UI_BASIC_CATALOG_ID, type A2uiMessage, type UiTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2uiTool, anthropicModel, createAgentChat, type AgentChatAppOptions } from '../src/index.js';
import { redisCoordination, type RedisCoordination } from '../src/redis.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type FakeReply, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { readThenDrop } from './support/read-then-drop.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

// A2UI through the real @anthropic-ai/sdk against the validating fake Messages API (issue 37): the model draws with
// show_a2ui_surface, the surfaces are kept out of what the model is sent (the request stays valid), and the user's act
// reaches the model as the user's message. Then the same over Redis: the shared event log and store carry them.

const CATALOG = { id: A2UI_BASIC_CATALOG_ID, components: 'Column(children), Text(text), TextField(label, value), Button(child, action)' };
const FORM: A2uiMessage[] = [
  { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: A2UI_BASIC_CATALOG_ID, sendDataModel: true } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['name', 'book'] },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/guest' } },
        { id: 'book', component: 'Button', child: 'name', action: { event: { name: 'book', context: { guest: { path: '/guest' } } } } },
      ],
    },
  },
];
const ACTION = { surfaceId: 'booking', name: 'book', sourceComponentId: 'book', context: { guest: 'Ada' }, dataModel: { guest: 'Ada', party: 2 } };
const LONG = 'A reply long enough to stream in many pieces, so that a reader can leave in the middle and come back. '.repeat(4);

type Message = { role: string; content: string | { type: string; text?: string }[] };
const messagesOf = (request: RecordedRequest) => request['messages'] as Message[];
const textOf = (message: Message) =>
  typeof message.content === 'string' ? message.content : message.content.flatMap((block) => (block.type === 'text' ? [block.text ?? ''] : [])).join('\n');

/** Draws the form when asked, answers an act in words, and streams slowly when asked to. */
function reply(request: RecordedRequest, index: number): FakeReply {
  const messages = messagesOf(request);
  const last = messages.at(-1)!;
  const blocks = typeof last.content === 'string' ? [] : last.content;
  if (blocks.some((block) => block.type === 'tool_result')) return { content: [{ type: 'text', text: 'The form is there.' }] };
  const text = textOf(last);
  if (text === 'book') return { content: [{ type: 'tool_use', id: `toolu_draw_${index}`, name: 'show_a2ui_surface', input: { messages: FORM } }] };
  if (text === 'book slowly') {
    return { content: [{ type: 'tool_use', id: `toolu_draw_${index}`, name: 'show_a2ui_surface', input: { messages: FORM } }], chunkSize: 4, delayMs: 5 };
  }
  if (text.includes('"book"')) return { content: [{ type: 'text', text: LONG }], chunkSize: 8, delayMs: 5 };
  return { content: [{ type: 'text', text: 'Hello.' }] };
}

const ofType = <T extends ReceivedEvent['data']['type']>(events: ReceivedEvent[], type: T) =>
  events.flatMap((event) => (event.data.type === type ? [event.data as Extract<ReceivedEvent['data'], { type: T }>] : []));

let fake: FakeAnthropic;
const servers: RunningServer[] = [];
async function serve(options: Partial<AgentChatAppOptions> = {}): Promise<AgentClient> {
  const model = anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL });
  const server = await serveApp(createAgentChat({ model, tools: [a2uiTool({ catalog: CATALOG })], authorize: (c) => c.req.header('x-user') ?? null, ...options }));
  servers.push(server);
  return agentClient(server.url, { headers: { 'x-user': 'ann' } });
}
beforeAll(async () => {
  fake = await startFakeAnthropic({ replies: reply });
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await fake.close();
});

describe('A2UI through anthropicModel', () => {
  let ann: AgentClient;
  beforeAll(async () => {
    ann = await serve();
  });

  it('the model is told of show_a2ui_surface with the catalog; its surface streams and is stored, and is not sent back to it', async () => {
    const from = fake.requests.length;
    const events = await ann.run('claude-1', { text: 'book' });
    expect(ofType(events, 'ui').map((event) => event.messages)).toEqual([FORM]);
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const [first, second] = fake.requests.slice(from);
    const tool = (first!['tools'] as { name: string; description: string }[]).find((spec) => spec.name === 'show_a2ui_surface');
    expect(tool?.description).toContain(CATALOG.id);
    expect(tool?.description).toContain(CATALOG.components);
    // The follow-up request (validated by the fake as the API would) holds the call and its result, no surface.
    const shapes = messagesOf(second!).map((message) => [message.role, typeof message.content === 'string' ? 'text' : message.content.map((block) => block.type).join()]);
    expect(shapes).toEqual([
      ['user', 'text'],
      ['assistant', 'tool_use'],
      ['user', 'tool_result'],
    ]);
    expect((await ann.history('claude-1')).turns.map((turn) => turn.type)).toEqual(['user', 'tool_call', 'ui', 'tool_result', 'assistant_text']);
  });

  it('an act is the user’s message to the model: its name, surface, context and data model', async () => {
    await ann.run('claude-2', { text: 'book' });
    const from = fake.requests.length;
    const events = await ann.run('claude-2', { text: '', action: ACTION });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const request = fake.requests[from]!;
    const last = messagesOf(request).at(-1)!;
    expect(last.role).toBe('user');
    const told = textOf(last);
    for (const words of ['"book"', '"booking"', 'component "book"', JSON.stringify(ACTION.context), JSON.stringify(ACTION.dataModel)]) {
      expect(told).toContain(words);
    }
    const user = (await ann.history('claude-2')).turns.findLast((turn) => turn.type === 'user');
    expect(user).toMatchObject({ text: '', action: ACTION });
  });
});

const skip = redisSkipReason('a2ui-anthropic.test.ts');

describe.skipIf(skip)('A2UI over Redis: two instances, one event log and store', () => {
  let redis: RedisServer;
  const shared: RedisCoordination[] = [];
  let a: AgentClient;
  let b: AgentClient;
  beforeAll(async () => {
    redis = await startRedisServer();
    const clients: AgentClient[] = [];
    for (let i = 0; i < 2; i++) {
      const coordination = redisCoordination({ url: redis.url, prefix: 'a2ui:' });
      shared.push(coordination);
      clients.push(await serve({ store: coordination.store, coordinator: coordination.coordinator, events: coordination.events, secret: 'a2ui-redis-secret-0123456789abcdef0123' }));
    }
    [a, b] = clients as [AgentClient, AgentClient];
  });
  afterAll(async () => {
    for (const coordination of shared) await coordination.close();
    await redis?.stop();
  });

  it('a ui event streamed on A is replayed by B from the shared log, and B’s reload holds the ui turn', async () => {
    const first = await readThenDrop(await a.send('redis-1', { text: 'book slowly' }), 1);
    // B follows the run from its first event: the missed events, the ui one among them, come from Redis.
    const resumed = await readAgentEvents(await b.request('/sessions/redis-1/stream', { headers: { 'last-event-id': String(first[0]!.id) } }));
    const ui = ofType(resumed, 'ui');
    expect(ui.map((event) => event.messages)).toEqual([FORM]);
    expect(resumed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const stored = (await b.history('redis-1')).turns.filter((turn): turn is UiTurn => turn.type === 'ui');
    expect(stored.map((turn) => [turn.id, turn.messages])).toEqual(ui.map((event) => [event.turnId, event.messages]));
  });

  it('an act sent to B on a surface drawn on A is answered; one on a surface B does not know of is a 409', async () => {
    await a.run('redis-2', { text: 'book' });
    const events = await b.run('redis-2', { text: '', action: ACTION });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const refused = await b.send('redis-2', { text: '', action: { ...ACTION, surfaceId: 'other' } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { field: string } }).error.field).toBe('action.surfaceId');
  });
});
