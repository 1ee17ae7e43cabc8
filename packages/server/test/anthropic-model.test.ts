import type { Turn } from '@agent-chat/protocol';
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { anthropicModel, CANCELLED_TOOL_RESULT, toAnthropicMessages } from '../src/model/anthropic/index.js';
import { ModelError, type Model, type ModelEvent, type ModelRequest, type ModelToolSpec } from '../src/model/model.js';
import {
  FAKE_ANTHROPIC_API_KEY,
  startFakeAnthropic,
  validateMessagesRequest,
  type FakeAnthropic,
  type FakeAnthropicOptions,
  type FakeReply,
} from '../src/testing/fake-anthropic.js';
import { readSse } from '../src/testing/read-sse.js';

const MODEL_ID = 'claude-test-1';

// ---------------------------------------------------------------------------------------------------------------
// Helpers

async function fake(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const server = await startFakeAnthropic(options);
  onTestFinished(() => server.close());
  return server;
}

/** A client that fails at once on errors, so error tests do not wait through the SDK's back-off. */
function noRetryClient(server: FakeAnthropic): Anthropic {
  return new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL, maxRetries: 0 });
}

function modelFor(server: FakeAnthropic, options: Partial<Parameters<typeof anthropicModel>[0]> = {}): Model {
  return anthropicModel({ model: MODEL_ID, client: noRetryClient(server), ...options });
}

let nextId = 0;
const base = () => ({ id: `t${++nextId}`, createdAt: 1_700_000_000_000 + nextId });
const user = (text: string, extra: Partial<Extract<Turn, { type: 'user' }>> = {}): Turn => ({ ...base(), type: 'user', text, ...extra });
const said = (text: string): Turn => ({ ...base(), type: 'assistant_text', text });
const thought = (text: string, extra: { signature?: string; redacted?: string } = {}): Turn => ({ ...base(), type: 'thinking', text, ...extra });
const call = (toolCallId: string, name: string, input: unknown = {}): Turn => ({ ...base(), type: 'tool_call', toolCallId, name, input });
const result = (toolCallId: string, output: unknown, isError = false): Turn => ({ ...base(), type: 'tool_result', toolCallId, output, isError });
const status = (text: string): Turn => ({ ...base(), type: 'status', text });
const failure = (message: string): Turn => ({ ...base(), type: 'error', message });

const weatherTool: ModelToolSpec = {
  name: 'get_weather',
  description: 'The weather in a city',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { city: { type: 'string' }, units: { type: 'string' }, days: { type: 'array', items: { type: 'number' } } },
    required: ['city'],
  },
};

function request(turns: readonly Turn[], extra: Partial<ModelRequest> = {}): ModelRequest {
  return { system: 'You are a test assistant.', turns, tools: [], signal: new AbortController().signal, ...extra };
}

async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const all: ModelEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** The events up to the failure, and the failure. */
async function collectUntilError(events: AsyncIterable<ModelEvent>): Promise<{ events: ModelEvent[]; error: unknown }> {
  const all: ModelEvent[] = [];
  try {
    for await (const event of events) all.push(event);
  } catch (error) {
    return { events: all, error };
  }
  throw new Error(`expected the stream to fail; it ended with ${JSON.stringify(all.at(-1))}`);
}

const ofType = <T extends ModelEvent['type']>(events: ModelEvent[], type: T) =>
  events.filter((event): event is Extract<ModelEvent, { type: T }> => event.type === type);

/** The body as the API would see it, for validation: what toAnthropicMessages produced plus the required fields. */
const asRequest = (turns: readonly Turn[]) => ({ model: MODEL_ID, max_tokens: 1024, messages: toAnthropicMessages(turns) });

// ---------------------------------------------------------------------------------------------------------------

describe('anthropicModel, through the real SDK, against the fake Messages API', () => {
  it('streams a text reply as several text deltas, then stop end_turn with usage', async () => {
    const text = 'Hello there! How can I help you with your slides today?';
    const server = await fake({ replies: [{ content: [{ type: 'text', text }], usage: { inputTokens: 31, outputTokens: 14 } }], chunkSize: 6 });
    // Built from apiKey and baseURL, as modelFromEnv does.
    const model = anthropicModel({ model: MODEL_ID, apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL });

    const events = await collect(model.stream(request([user('Hi')])));

    const deltas = ofType(events, 'text_delta');
    expect(deltas.length).toBe(Math.ceil(text.length / 6));
    expect(deltas.map((delta) => delta.text).join('')).toBe(text);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'end_turn', usage: { inputTokens: 31, outputTokens: 14 } });
    expect(events.filter((event) => event.type === 'stop')).toHaveLength(1);

    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!;
    expect(body).toMatchObject({
      model: MODEL_ID,
      max_tokens: 4096,
      stream: true,
      system: 'You are a test assistant.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('thinking');
    expect(body).not.toHaveProperty('temperature');
  });

  it('sends temperature and maxTokens when given, and leaves an empty system prompt out', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'ok' }] }] });
    await collect(modelFor(server, { temperature: 0.2, maxTokens: 512 }).stream(request([user('Hi')], { system: '  ' })));
    expect(server.requests[0]).toMatchObject({ temperature: 0.2, max_tokens: 512 });
    expect(server.requests[0]).not.toHaveProperty('system');
  });

  it('counts cached input tokens in inputTokens', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'ok' }], usage: { inputTokens: 10, cacheReadInputTokens: 90, outputTokens: 3 } }] });
    const events = await collect(modelFor(server).stream(request([user('Hi')])));
    expect(events.at(-1)).toMatchObject({ type: 'stop', usage: { inputTokens: 100, outputTokens: 3 } });
  });

  it('streams thinking as deltas then thinking_end with the signature, and sends the thinking config without temperature', async () => {
    const thinking = 'The user greets me. I should greet back and offer help.';
    const server = await fake({
      replies: [{ content: [{ type: 'thinking', thinking, signature: 'sig-EqQBCkYIARgCIkD' }, { type: 'text', text: 'Hello!' }] }],
      chunkSize: 10,
    });
    const model = modelFor(server, { thinking: { budgetTokens: 2048 }, maxTokens: 8000, temperature: 0.5 });

    const events = await collect(model.stream(request([user('Hi')])));

    const thinkingDeltas = ofType(events, 'thinking_delta');
    expect(thinkingDeltas.length).toBeGreaterThan(3);
    expect(thinkingDeltas.map((delta) => delta.text).join('')).toBe(thinking);
    const endAt = events.findIndex((event) => event.type === 'thinking_end');
    expect(events[endAt]).toEqual({ type: 'thinking_end', signature: 'sig-EqQBCkYIARgCIkD' });
    expect(events.findLastIndex((event) => event.type === 'thinking_delta')).toBeLessThan(endAt);
    expect(events.findIndex((event) => event.type === 'text_delta')).toBeGreaterThan(endAt);
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'end_turn' });

    expect(server.requests[0]).toMatchObject({ max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 2048 } });
    expect(server.requests[0]).not.toHaveProperty('temperature');
  });

  it('passes redacted thinking through', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' }, { type: 'text', text: 'Done.' }] }] });
    const events = await collect(modelFor(server).stream(request([user('Hi')])));
    expect(events[0]).toEqual({ type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' });
    expect(ofType(events, 'text_delta').map((delta) => delta.text).join('')).toBe('Done.');
  });

  it('assembles a tool input split across input_json_delta chunks into one tool_call, then stop tool_use', async () => {
    const input = { city: 'Lisbon', units: 'metric', days: [1, 2, 3] };
    const server = await fake({
      replies: [{ content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input }] }],
      chunkSize: 5,
    });

    const events = await collect(modelFor(server).stream(request([user('Weather in Lisbon?')], { tools: [weatherTool] })));

    expect(ofType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_01A', name: 'get_weather', input }]);
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'tool_use' });
    // The tools go out in the API's shape; the schema's draft marker is not sent.
    expect(server.requests[0]!['tools']).toEqual([
      {
        name: 'get_weather',
        description: 'The weather in a city',
        input_schema: {
          type: 'object',
          properties: weatherTool.inputSchema['properties'],
          required: ['city'],
        },
      },
    ]);
  });

  it('gives a call whose input stream is empty an input of {}', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'tool_use', id: 'toolu_02', name: 'list_slides', input: {}, rawInput: '' }] }] });
    const events = await collect(modelFor(server).stream(request([user('List them')])));
    expect(ofType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_02', name: 'list_slides', input: {} }]);
  });

  it('drops a call whose input was cut off by max_tokens', async () => {
    const server = await fake({
      replies: [{ content: [{ type: 'text', text: 'Checking' }, { type: 'tool_use', id: 'toolu_03', name: 'get_weather', input: null, rawInput: '{"city": "Lis' }], stopReason: 'max_tokens' }],
    });
    const events = await collect(modelFor(server).stream(request([user('Weather?')])));
    expect(ofType(events, 'tool_call')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'max_tokens' });
  });

  it('still returns a call with malformed input otherwise, marked so the loop can answer with an error', async () => {
    const server = await fake({
      replies: [{ content: [{ type: 'tool_use', id: 'toolu_04', name: 'get_weather', input: null, rawInput: '{"city": Lisbon}' }] }],
    });
    const events = await collect(modelFor(server).stream(request([user('Weather?')])));
    expect(ofType(events, 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_04', name: 'get_weather', input: { _invalidJson: '{"city": Lisbon}' } }]);
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'tool_use' });
  });

  it('sends a follow-up built from the first response, its tool result and its signed thinking, which the API accepts', async () => {
    const server = await fake({
      replies: [
        {
          content: [
            { type: 'thinking', thinking: 'I need the weather tool.', signature: 'sig-first' },
            { type: 'text', text: 'Let me look that up.' },
            { type: 'tool_use', id: 'toolu_05', name: 'get_weather', input: { city: 'Lisbon' } },
          ],
        },
        { content: [{ type: 'text', text: 'It is sunny in Lisbon.' }] },
      ],
    });
    const model = modelFor(server, { thinking: { budgetTokens: 1024 } });
    const turns: Turn[] = [user('Weather in Lisbon?')];

    // Record the first response as the agent loop would: flat turns.
    const first = await collect(model.stream(request(turns, { tools: [weatherTool] })));
    const thinkingText = ofType(first, 'thinking_delta').map((delta) => delta.text).join('');
    const signature = ofType(first, 'thinking_end')[0]!.signature;
    const toolCall = ofType(first, 'tool_call')[0]!;
    turns.push(
      thought(thinkingText, signature ? { signature } : {}),
      said(ofType(first, 'text_delta').map((delta) => delta.text).join('')),
      call(toolCall.id, toolCall.name, toolCall.input),
      status('Checking the weather in Lisbon'),
      result(toolCall.id, { sky: 'sunny', celsius: 24 }),
    );

    const second = await collect(model.stream(request(turns, { tools: [weatherTool] })));

    expect(ofType(second, 'text_delta').map((delta) => delta.text).join('')).toBe('It is sunny in Lisbon.');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!['messages']).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Lisbon?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I need the weather tool.', signature: 'sig-first' },
          { type: 'text', text: 'Let me look that up.' },
          { type: 'tool_use', id: 'toolu_05', name: 'get_weather', input: { city: 'Lisbon' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_05', content: '{"sky":"sunny","celsius":24}', is_error: false }],
      },
    ]);
  });

  it.each([
    ['end_turn', { reason: 'end_turn' }],
    ['tool_use', { reason: 'tool_use' }],
    ['max_tokens', { reason: 'max_tokens' }],
    ['stop_sequence', { reason: 'stop_sequence' }],
    ['pause_turn', { reason: 'pause_turn' }],
    ['refusal', { reason: 'refusal' }],
    ['model_context_window_exceeded', { reason: 'context_window_exceeded' }],
    ['compaction_needed', { reason: 'other', detail: 'compaction_needed' }],
    [null, { reason: 'other', detail: 'null' }],
  ] as const)('maps stop_reason %s', async (stopReason, expected) => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'Some text.' }], stopReason }] });
    const events = await collect(modelFor(server).stream(request([user('Hi')])));
    const stop = events.at(-1);
    expect(stop).toMatchObject({ type: 'stop', ...expected });
    if (!('detail' in expected)) expect(stop).not.toHaveProperty('detail');
  });

  it('stops reading, and closes the HTTP stream, when the consumer leaves early', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'word '.repeat(200) }] }], chunkSize: 5, delayMs: 5 });
    const events: ModelEvent[] = [];
    for await (const event of modelFor(server).stream(request([user('Talk')]))) {
      events.push(event);
      if (events.length === 3) break;
    }
    expect(events.map((event) => event.type)).toEqual(['text_delta', 'text_delta', 'text_delta']);
    await vi.waitFor(() => expect(server.streamsCancelled).toBe(1));
  });
});

describe('anthropicModel stopping', () => {
  it('ends quietly, with no stop event, when the signal aborts mid-stream, and closes the HTTP stream', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'word '.repeat(200) }] }], chunkSize: 5, delayMs: 10 });
    const controller = new AbortController();
    const events: ModelEvent[] = [];

    for await (const event of modelFor(server).stream(request([user('Talk')], { signal: controller.signal }))) {
      events.push(event);
      if (events.length === 2) controller.abort();
    }

    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeLessThan(10);
    expect(events.some((event) => event.type === 'stop')).toBe(false);
    await vi.waitFor(() => expect(server.streamsCancelled).toBe(1));
  });

  it('ends promptly when stopped while the model has gone quiet mid-stream', async () => {
    // One text delta, then silence: only aborting the HTTP request can end the wait for the next event.
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'Thinking about it' }], chunkSize: 100, stallAfterEvents: 4 }] });
    const controller = new AbortController();
    const events: ModelEvent[] = [];

    for await (const event of modelFor(server).stream(request([user('Talk')], { signal: controller.signal }))) {
      events.push(event);
      setTimeout(() => controller.abort(), 50);
    }

    expect(events).toEqual([{ type: 'text_delta', text: 'Thinking about it' }]);
    await vi.waitFor(() => expect(server.streamsCancelled).toBe(1));
  });

  it('makes no request when the signal is already aborted', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'never' }] }] });
    const controller = new AbortController();
    controller.abort();
    const events = await collect(modelFor(server).stream(request([user('Hi')], { signal: controller.signal })));
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('ends quietly when stopped while the SDK waits to retry an overloaded API', async () => {
    const server = await fake({
      replies: [{ status: 529, error: { type: 'overloaded_error', message: 'Overloaded' }, headers: { 'retry-after-ms': '10000' } }],
    });
    const model = anthropicModel({ model: MODEL_ID, apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL });
    const controller = new AbortController();
    // Stopped once the fake has taken the first request, which it answers 529 at once (not 100 ms in, when under load
    // the request may not have been sent yet).
    const stopping = (async () => {
      while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
    })();
    const started = Date.now();

    const events = await collect(model.stream(request([user('Hi')], { signal: controller.signal })));

    expect(events).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
    await stopping;
    expect(server.requests).toHaveLength(1);
  });
});

describe('anthropicModel errors', () => {
  it('turns a 401 into a ModelError naming the status and the API error, without the key', async () => {
    const server = await fake();
    const wrongKey = 'sk-ant-wrong-key-abcdef123456';
    const model = anthropicModel({ model: MODEL_ID, apiKey: wrongKey, baseURL: server.baseURL });

    const { events, error } = await collectUntilError(model.stream(request([user('Hi')])));

    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(ModelError);
    const modelError = error as ModelError;
    expect(modelError.status).toBe(401);
    expect(modelError.code).toBe('authentication_error');
    expect(modelError.message).toContain('401');
    expect(modelError.message).toContain('authentication_error');
    expect(modelError.message).toContain('invalid x-api-key');
    expect(modelError.message).toContain('ANTHROPIC_API_KEY');
    expect(modelError.message).toMatch(/\[request req_fake_1\]/);
    expect(modelError.message).not.toContain(wrongKey);
  });

  it('scrubs the key from an API message that echoes it', async () => {
    const server = await fake({ replies: [{ status: 400, error: { type: 'invalid_request_error', message: `key ${FAKE_ANTHROPIC_API_KEY} is malformed` } }] });
    const { error } = await collectUntilError(modelFor(server).stream(request([user('Hi')])));
    expect((error as ModelError).message).toContain('key [redacted] is malformed');
    expect((error as ModelError).message).not.toContain(FAKE_ANTHROPIC_API_KEY);
  });

  it('turns a 529 into a ModelError that says the API is overloaded', async () => {
    const server = await fake({ replies: [{ status: 529, error: { type: 'overloaded_error', message: 'Overloaded' } }] });
    const { error } = await collectUntilError(modelFor(server).stream(request([user('Hi')])));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: 529, code: 'overloaded_error' });
    expect((error as ModelError).message).toMatch(/^Anthropic API error 529 \(overloaded_error\): Overloaded\. .*overloaded; try again/);
  });

  it('turns a 429 into a ModelError about the rate limit', async () => {
    const server = await fake({
      replies: [{ status: 429, error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' } }],
    });
    const { error } = await collectUntilError(modelFor(server).stream(request([user('Hi')])));
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_error' });
    expect((error as ModelError).message).toContain('429 (rate_limit_error): Number of request tokens has exceeded your per-minute rate limit.');
    expect((error as ModelError).message).toContain('Rate limit reached');
  });

  it('keeps the SDK retrying an overloaded API, and succeeds when it recovers', async () => {
    const overloaded: FakeReply = { status: 529, error: { type: 'overloaded_error', message: 'Overloaded' }, headers: { 'retry-after-ms': '5' } };
    const server = await fake({ replies: [overloaded, overloaded, { content: [{ type: 'text', text: 'Back.' }] }] });
    const model = anthropicModel({ model: MODEL_ID, apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL });
    const events = await collect(model.stream(request([user('Hi')])));
    expect(ofType(events, 'text_delta').map((delta) => delta.text).join('')).toBe('Back.');
    expect(server.requests).toHaveLength(3);
  });

  it('turns a request the API rejects (400) into a ModelError with the API message', async () => {
    const server = await fake();
    const badTool: ModelToolSpec = { name: 'get weather', description: 'Bad name', inputSchema: { type: 'object' } };
    const { error } = await collectUntilError(modelFor(server).stream(request([user('Hi')], { tools: [badTool] })));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request_error' });
    expect((error as ModelError).message).toContain("400 (invalid_request_error): tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'.");
  });

  it('turns an error event mid-stream into a ModelError, after the text that came before it', async () => {
    const server = await fake({
      replies: [{ content: [{ type: 'text', text: 'Here is the first part' }], streamError: { type: 'overloaded_error', message: 'Overloaded' } }],
    });
    const { events, error } = await collectUntilError(modelFor(server).stream(request([user('Hi')])));
    expect(ofType(events, 'text_delta').map((delta) => delta.text).join('')).toBe('Here is the first part');
    expect(events.some((event) => event.type === 'stop')).toBe(false);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: undefined, code: 'overloaded_error' });
    expect((error as ModelError).message).toMatch(/^Anthropic API error during streaming \(overloaded_error\): Overloaded\. .*overloaded/);
  });

  it('turns a stream that ends before message_stop into a ModelError', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'Cut' }], truncate: true }] });
    const { events, error } = await collectUntilError(modelFor(server).stream(request([user('Hi')])));
    expect(ofType(events, 'text_delta')).toHaveLength(1);
    expect(error).toMatchObject({ code: 'incomplete_stream' });
  });

  it('turns a network failure into a ModelError that says the API could not be reached', async () => {
    const server = await startFakeAnthropic();
    const baseURL = server.baseURL;
    await server.close();
    const client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL, maxRetries: 0 });
    const { error } = await collectUntilError(anthropicModel({ model: MODEL_ID, client }).stream(request([user('Hi')])));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ status: undefined, code: 'connection_error' });
    expect((error as ModelError).message).toMatch(/^Could not reach the Anthropic API \(.*ECONNREFUSED.*\)/);
  });

  it('rejects settings the API would refuse on every request, at construction', () => {
    expect(() => anthropicModel({ model: MODEL_ID, apiKey: 'x', thinking: { budgetTokens: 4096 } })).toThrow(/budgetTokens.*below `maxTokens` \(4096\)/);
    expect(() => anthropicModel({ model: MODEL_ID, apiKey: 'x', thinking: { budgetTokens: 500 } })).toThrow(/at least 1024/);
    expect(() => anthropicModel({ model: MODEL_ID, client: new Anthropic({ apiKey: 'x' }), apiKey: 'y' })).toThrow(/either `client` or/);
    expect(() => anthropicModel({ model: '', apiKey: 'x' })).toThrow(/`model` is required/);
    expect(anthropicModel({ model: MODEL_ID, apiKey: 'x' }).name).toBe(`anthropic:${MODEL_ID}`);
  });
});

describe('the fake Messages API', () => {
  it("streams the API's SSE grammar: message_start, blocks with a ping after the first start, message_delta, message_stop", async () => {
    const server = await fake({
      replies: [
        {
          content: [
            { type: 'thinking', thinking: 'Thinking it over', signature: 'sig-x' },
            { type: 'text', text: 'Answer text' },
            { type: 'tool_use', id: 'toolu_09', name: 'get_weather', input: { city: 'Porto' } },
          ],
        },
      ],
      chunkSize: 6,
    });
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_ANTHROPIC_API_KEY}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL_ID, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = await readSse(response);
    const data = messages.map((message) => JSON.parse(message.data) as Record<string, any>);

    for (const [index, message] of messages.entries()) expect(data[index]!['type']).toBe(message.event);
    const names = messages.map((message) => message.event);
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(names.filter((name) => name === 'ping')).toHaveLength(1);
    expect(data[0]!['message']).toMatchObject({ id: 'msg_fake_1', model: MODEL_ID, role: 'assistant', content: [], usage: { input_tokens: 25 } });

    const deltasOf = (index: number) => data.filter((event) => event['type'] === 'content_block_delta' && event['index'] === index).map((event) => event['delta']);
    const thinking = deltasOf(0);
    expect(thinking.slice(0, -1).every((delta) => delta.type === 'thinking_delta')).toBe(true);
    expect(thinking.slice(0, -1).map((delta) => delta.thinking).join('')).toBe('Thinking it over');
    expect(thinking.at(-1)).toEqual({ type: 'signature_delta', signature: 'sig-x' });
    expect(deltasOf(1).map((delta) => delta.text).join('')).toBe('Answer text');
    const toolStart = data.find((event) => event['type'] === 'content_block_start' && event['index'] === 2)!;
    expect(toolStart['content_block']).toEqual({ type: 'tool_use', id: 'toolu_09', name: 'get_weather', input: {} });
    const inputDeltas = deltasOf(2);
    expect(inputDeltas[0]).toEqual({ type: 'input_json_delta', partial_json: '' });
    expect(inputDeltas.length).toBeGreaterThan(2);
    expect(JSON.parse(inputDeltas.map((delta) => delta.partial_json).join(''))).toEqual({ city: 'Porto' });
    expect(data.at(-2)).toMatchObject({ delta: { stop_reason: 'tool_use' }, usage: { output_tokens: expect.any(Number) } });
  });

  it('writes each event as `event: X`, `data: {json}` and a blank line', async () => {
    const server = await fake({ replies: [{ content: [{ type: 'text', text: 'Hi' }] }] });
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': FAKE_ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: MODEL_ID, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    const raw = await response.text();
    const frames = raw.split('\n\n').filter(Boolean);
    expect(raw.endsWith('\n\n')).toBe(true);
    for (const frame of frames) expect(frame).toMatch(/^event: [a-z_]+\ndata: \{.*\}$/);
    // message_start, content_block_start, ping, one text delta, content_block_stop, message_delta, message_stop.
    expect(frames).toHaveLength(7);
  });

  it("answers a missing key with the API's 401 error body", async () => {
    const server = await fake();
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: MODEL_ID, max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'x-api-key header is required' },
      request_id: 'req_fake_1',
    });
  });

  it('answers an invalid request with 400 invalid_request_error, and replies from a function of the request', async () => {
    const server = await fake({ replies: (body) => ({ content: [{ type: 'text', text: `You said ${JSON.stringify(body['messages'])}` }] }) });
    const post = (messages: unknown) =>
      fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': FAKE_ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: MODEL_ID, max_tokens: 100, messages }),
      });

    const rejected = await post([{ role: 'assistant', content: 'Hi' }]);
    expect(rejected.status).toBe(400);
    expect(await rejected.json()).toMatchObject({ error: { type: 'invalid_request_error', message: 'messages: first message must use the "user" role' } });

    const accepted = await post([{ role: 'user', content: 'Hi' }]);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'You said [{"role":"user","content":"Hi"}]' }], stop_reason: 'end_turn' });
  });
});

describe('validateMessagesRequest', () => {
  const valid = {
    model: MODEL_ID,
    max_tokens: 1024,
    tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object' } }],
    messages: [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Use the tool.', signature: 'sig' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Lisbon' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }, { type: 'text', text: 'Thanks' }] },
    ],
  };
  const withMessages = (messages: unknown[]) => ({ ...valid, messages });
  const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} };
  const toolResult = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' };

  it('accepts a valid request', () => {
    expect(validateMessagesRequest(valid)).toBeUndefined();
  });

  it.each([
    ['empty messages', withMessages([]), 'messages: at least one message is required'],
    ['a first message that is not the user', withMessages([{ role: 'assistant', content: 'Hi' }]), 'first message must use the "user" role'],
    ['two user messages in a row', withMessages([{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }]), 'roles must alternate'],
    ['an empty content array', withMessages([{ role: 'user', content: [] }]), 'messages.0.content: all messages must have non-empty content'],
    ['an empty text block', withMessages([{ role: 'user', content: [{ type: 'text', text: '' }] }]), 'text content blocks must be non-empty'],
    ['a whitespace text block', withMessages([{ role: 'user', content: [{ type: 'text', text: ' \n ' }] }]), 'must contain non-whitespace text'],
    [
      'a tool_use without its result in the next message',
      withMessages([{ role: 'user', content: 'a' }, { role: 'assistant', content: [toolUse] }, { role: 'user', content: 'b' }]),
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1',
    ],
    [
      'a tool_use in the last message',
      withMessages([{ role: 'user', content: 'a' }, { role: 'assistant', content: [toolUse] }]),
      '`tool_use` ids were found without `tool_result` blocks',
    ],
    [
      'a tool_result for an id not in the previous message',
      withMessages([{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: [toolResult] }]),
      'messages.2.content: unexpected `tool_use_id` found in `tool_result` blocks: toolu_1',
    ],
    [
      'a tool_result after text',
      withMessages([{ role: 'user', content: 'a' }, { role: 'assistant', content: [toolUse] }, { role: 'user', content: [{ type: 'text', text: 'b' }, toolResult] }]),
      '`tool_result` blocks must come before any other content',
    ],
    [
      'a thinking block without a signature',
      withMessages([{ role: 'user', content: 'a' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm' }, { type: 'text', text: 'b' }] }]),
      'messages.1.content.0.signature: Field required',
    ],
    ['a missing max_tokens', { model: MODEL_ID, messages: [{ role: 'user', content: 'a' }] }, 'max_tokens: Field required'],
    ['an invalid tool name', { ...valid, tools: [{ name: 'get weather', input_schema: { type: 'object' } }] }, 'tools.0.name: String should match pattern'],
    ['a tool schema that is not an object', { ...valid, tools: [{ name: 'x', input_schema: { type: 'string' } }] }, "tools.0.input_schema.type: Input should be 'object'"],
    ['temperature with thinking', { ...valid, temperature: 0.5, thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2048 }, '`temperature` may only be set to 1'],
    ['a thinking budget not below max_tokens', { ...valid, thinking: { type: 'enabled', budget_tokens: 1024 } }, '`max_tokens` must be greater than `thinking.budget_tokens`'],
  ])('rejects %s', (_name, body, message) => {
    expect(validateMessagesRequest(body)).toContain(message);
  });
});

describe('toAnthropicMessages', () => {
  it('makes one assistant message of consecutive thinking, text and calls, in order, with results in the next user message', () => {
    const turns = [
      user('Compare Lisbon and Porto'),
      thought('Two calls.', { signature: 'sig-1' }),
      said('Checking both.'),
      call('toolu_a', 'get_weather', { city: 'Lisbon' }),
      call('toolu_b', 'get_weather', { city: 'Porto' }),
      result('toolu_a', 'sunny'),
      result('toolu_b', { error: 'timeout' }, true),
      said('Lisbon is sunny; Porto did not answer.'),
    ];
    const messages = toAnthropicMessages(turns);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Compare Lisbon and Porto' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Two calls.', signature: 'sig-1' },
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Lisbon' } },
          { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Porto' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_a', content: 'sunny', is_error: false },
          { type: 'tool_result', tool_use_id: 'toolu_b', content: '{"error":"timeout"}', is_error: true },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Lisbon is sunny; Porto did not answer.' }] },
    ]);
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('puts tool results before the text of a user turn merged into the same message', () => {
    const turns = [user('Go'), call('toolu_a', 'slow_tool'), result('toolu_a', 'done'), user('And now?')];
    const messages = toAnthropicMessages(turns);
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: 'done', is_error: false },
        { type: 'text', text: 'And now?' },
      ],
    });
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('answers calls that never got a result with a cancelled error result, before the next text', () => {
    const turns = [user('Do both'), call('toolu_a', 'first'), call('toolu_b', 'second'), result('toolu_a', 'ok'), user('Stop, do something else')];
    const messages = toAnthropicMessages(turns);
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: 'ok', is_error: false },
        { type: 'tool_result', tool_use_id: 'toolu_b', content: CANCELLED_TOOL_RESULT, is_error: true },
        { type: 'text', text: 'Stop, do something else' },
      ],
    });
    expect(CANCELLED_TOOL_RESULT).toBe('Cancelled: the run stopped before this tool ran.');
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('answers a call left open at the end of the history, and one the assistant talked past', () => {
    const atEnd = [user('Go'), said('Calling.'), call('toolu_a', 'tool')];
    expect(toAnthropicMessages(atEnd).at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: CANCELLED_TOOL_RESULT, is_error: true }],
    });
    expect(validateMessagesRequest(asRequest(atEnd))).toBeUndefined();

    // Once a new assistant message has begun, the earlier open call is cancelled and its late result has nowhere valid to go.
    const late = [
      user('Go'),
      call('toolu_a', 'tool'),
      call('toolu_b', 'tool'),
      result('toolu_x', 'stray'),
      result('toolu_a', 'on time'),
      said('Moving on.'),
      result('toolu_b', 'late'),
      user('ok'),
    ];
    const messages = toAnthropicMessages(late);
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: 'on time', is_error: false },
        { type: 'tool_result', tool_use_id: 'toolu_b', content: CANCELLED_TOOL_RESULT, is_error: true },
      ],
    });
    expect(JSON.stringify(messages)).not.toMatch(/stray|late/);
    expect(validateMessagesRequest(asRequest(late))).toBeUndefined();
  });

  it('drops unsigned thinking, keeps signed and redacted thinking', () => {
    const turns = [
      user('Hi'),
      thought('Display only'),
      thought('Signed', { signature: 'sig-2' }),
      thought('[redacted]', { redacted: 'EncryptedBlob' }),
      said('Hello'),
    ];
    expect(toAnthropicMessages(turns)[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Signed', signature: 'sig-2' },
        { type: 'redacted_thinking', data: 'EncryptedBlob' },
        { type: 'text', text: 'Hello' },
      ],
    });
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('never sends empty text, drops an assistant message left empty, and merges the user messages around it', () => {
    const turns = [user('First'), thought('unsigned'), said(''), said('  \n'), status('Working'), failure('Model failed'), user('Second'), user('   ')];
    const messages = toAnthropicMessages(turns);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'First' },
          { type: 'text', text: 'Second' },
        ],
      },
    ]);
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('skips status and error turns', () => {
    const turns = [user('Hi'), status('Searching 3 documents'), said('Found it.'), failure('Something broke')];
    expect(JSON.stringify(toAnthropicMessages(turns))).not.toMatch(/Searching|broke/);
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('sends only the text of a user turn with references or attachments, and a stand-in when it has no text', () => {
    const withText = user('Summarize @F-1', { references: [{ id: 'F-1', title: 'Revenue', text: 'Revenue grew 12%' }] });
    const withoutText = user('', { attachments: [{ id: 'doc-1', title: 'Q3.pdf', text: 'Quarterly report' }] });
    const turns = [withText, said('Revenue grew.'), withoutText];
    const messages = toAnthropicMessages(turns);
    expect(messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Summarize @F-1' }] });
    expect(JSON.stringify(messages)).not.toMatch(/Revenue grew 12%|Quarterly report/);
    expect(messages[2]).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('attachments') }] });
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('drops assistant turns before the first user turn, and their results', () => {
    const turns = [said('Welcome!'), call('toolu_w', 'warm_up'), result('toolu_w', 'warm'), user('Hi')];
    expect(toAnthropicMessages(turns)).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('keeps calls and results paired when ids hold characters the API rejects, and sends a non-object input as {}', () => {
    const turns = [user('Go'), call('call:1/x', 'tool', 'not an object'), result('call:1/x', undefined)];
    const messages = toAnthropicMessages(turns);
    expect(messages[1]!.content).toEqual([{ type: 'tool_use', id: 'call_1_x', name: 'tool', input: {} }]);
    expect(messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'call_1_x', content: '(no output)', is_error: false }]);
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('sends a repeated call id once, answered by its first result', () => {
    const turns = [user('Go'), call('toolu_a', 'tool'), result('toolu_a', 'first'), call('toolu_a', 'tool'), result('toolu_a', 'second')];
    const messages = toAnthropicMessages(turns);
    expect(messages).toHaveLength(3);
    expect(JSON.stringify(messages)).not.toContain('second');
    expect(validateMessagesRequest(asRequest(turns))).toBeUndefined();
  });

  it('does not change the turns it is given', () => {
    const turns = [user('Go'), call('toolu_a', 'tool', { a: 1 }), result('toolu_a', { ok: true }), user('More')];
    const before = structuredClone(turns);
    toAnthropicMessages(turns);
    expect(turns).toEqual(before);
  });
});
