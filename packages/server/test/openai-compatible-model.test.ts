import type { Turn } from '@agent-chat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, ModelError, type Model, type ModelEvent, type ModelRequest, type ModelToolSpec } from '../src/index.js';
import { openAICompatibleModel, toOpenAIMessages, toOpenAITools, CANCELLED_TOOL_RESULT } from '../src/model/openai-compatible/index.js';
import { sameBrowser } from './support/same-browser.js';
import { replyChunks, startFakeOpenAI, validateChatCompletionsRequest, type FakeOpenAI } from './support/fake-openai.js';
import { serveApp } from '../src/testing/serve-app.js';

const KEY = 'sk-test-0123456789abcdef';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
afterAll(() => fake.close());
afterEach(() => {
  vi.unstubAllEnvs();
  fake.reset();
});

const weatherSpec: ModelToolSpec = {
  name: 'get_weather',
  description: 'The weather in a city',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

let nextTurn = 0;
type TurnFields = Turn extends infer T ? (T extends Turn ? Omit<T, 'id' | 'createdAt'> : never) : never;

/** A turn with the bookkeeping fields filled in. */
function turn(fields: TurnFields): Turn {
  nextTurn++;
  return { id: `t${nextTurn}`, createdAt: nextTurn, ...fields };
}

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: 'You are a test assistant.',
    turns: [turn({ type: 'user', text: 'Hello?' })],
    tools: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

function model(options: Partial<Parameters<typeof openAICompatibleModel>[0]> = {}): Model {
  return openAICompatibleModel({ model: 'fake-model', baseURL: fake.baseURL, apiKey: KEY, ...options });
}

async function collect(stream: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Runs the stream to its error, keeping the events that came before it. */
async function collectError(stream: AsyncIterable<ModelEvent>): Promise<{ events: ModelEvent[]; error: ModelError }> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return { events, error: error as ModelError };
  }
  throw new Error(`expected a ModelError, got events ${JSON.stringify(events)}`);
}

const textOf = (events: ModelEvent[], type: 'text_delta' | 'thinking_delta' = 'text_delta') =>
  events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
const stopOf = (events: ModelEvent[]) => events.find((event) => event.type === 'stop');
const callsOf = (events: ModelEvent[]) => events.filter((event) => event.type === 'tool_call');

describe('openAICompatibleModel: streaming over HTTP', () => {
  it('streams text as it arrives, ends with end_turn and usage, and sends the request the API expects', async () => {
    fake.enqueue({ text: 'Hello there, how can I help?', usage: { promptTokens: 12, completionTokens: 7 } });
    const events = await collect(model().stream(request()));

    const deltas = events.filter((event) => event.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(textOf(events)).toBe('Hello there, how can I help?');
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'end_turn', usage: { inputTokens: 12, outputTokens: 7 } });
    expect(events.filter((event) => event.type === 'stop')).toHaveLength(1);

    const sent = fake.requests[0]!;
    expect(sent.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'You are a test assistant.' },
        { role: 'user', content: 'Hello?' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('sends tools as functions (schema marker removed), max_tokens, temperature and extra headers', async () => {
    fake.enqueue({ text: 'ok' });
    await collect(model({ maxTokens: 300, temperature: 0.2, headers: { 'X-Trace': 'abc' } }).stream(request({ tools: [weatherSpec] })));
    const { body, headers } = fake.requests[0]!;
    expect(body['tools']).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'The weather in a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ]);
    expect(body['max_tokens']).toBe(300);
    expect(body['temperature']).toBe(0.2);
    expect(headers['x-trace']).toBe('abc');
  });

  it('takes the key from OPENAI_API_KEY, and sends no Authorization header when there is none', async () => {
    const local = await startFakeOpenAI({ replies: [{ text: 'from env' }, { text: 'no key' }] });
    try {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-the-environment');
      const withEnv = openAICompatibleModel({ model: 'm', baseURL: local.baseURL });
      expect(textOf(await collect(withEnv.stream(request())))).toBe('from env');
      expect(local.requests[0]!.headers['authorization']).toBe('Bearer sk-from-the-environment');

      vi.stubEnv('OPENAI_API_KEY', undefined);
      const keyless = openAICompatibleModel({ model: 'm', baseURL: local.baseURL });
      expect(textOf(await collect(keyless.stream(request())))).toBe('no key');
      expect(local.requests[1]!.headers).not.toHaveProperty('authorization');
    } finally {
      await local.close();
    }
  });

  it('uses the injected fetch', async () => {
    fake.enqueue({ text: 'via custom fetch' });
    const seen: string[] = [];
    const custom: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const events = await collect(model({ fetch: custom }).stream(request()));
    expect(textOf(events)).toBe('via custom fetch');
    expect(seen).toEqual([`${fake.baseURL}/chat/completions`]);
  });

  it('joins a tool call whose arguments arrive in several chunks into one tool_call with parsed input', async () => {
    const reply = { text: 'Let me check.', toolCalls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Lisbon', unit: 'celsius' } }], chunkSize: 4 };
    // The reply really is split: the call's arguments span many chunks keyed by index, its id only in the first.
    const wire = replyChunks(reply, { id: 'x', model: 'm', chunkSize: 4, includeUsage: true, callPrefix: 'c' }).filter((m) => m.includes('tool_calls'));
    expect(wire.length).toBeGreaterThan(5);
    expect(wire.filter((m) => m.includes('call_w1'))).toHaveLength(1);

    fake.enqueue(reply);
    const events = await collect(model().stream(request({ tools: [weatherSpec] })));
    expect(callsOf(events)).toEqual([{ type: 'tool_call', id: 'call_w1', name: 'get_weather', input: { city: 'Lisbon', unit: 'celsius' } }]);
    // Text first, the call's arguments as they stream, the call once complete, then the stop.
    expect(events.map((event) => event.type).filter((type, i, all) => type !== all[i - 1])).toEqual(['text_delta', 'tool_input_delta', 'tool_call', 'stop']);
    const pieces = events.flatMap((event) => (event.type === 'tool_input_delta' ? [event] : []));
    expect(pieces.every((piece) => piece.id === 'call_w1' && piece.name === 'get_weather')).toBe(true);
    expect(pieces.map((piece) => piece.delta).join('')).toBe(JSON.stringify({ city: 'Lisbon', unit: 'celsius' }));
    expect(stopOf(events)).toMatchObject({ reason: 'tool_use' });
  });

  it('returns two parallel tool calls, in order, each with its own input', async () => {
    fake.enqueue({
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Lisbon' } },
        { id: 'call_b', name: 'get_weather', arguments: { city: 'Porto' } },
      ],
    });
    const events = await collect(model().stream(request({ tools: [weatherSpec] })));
    expect(callsOf(events)).toEqual([
      { type: 'tool_call', id: 'call_a', name: 'get_weather', input: { city: 'Lisbon' } },
      { type: 'tool_call', id: 'call_b', name: 'get_weather', input: { city: 'Porto' } },
    ]);
    expect(stopOf(events)).toMatchObject({ reason: 'tool_use' });
  });

  it('reads empty arguments as {}, keeps unparsable ones marked, and makes up a missing id', async () => {
    fake.enqueue({
      toolCalls: [
        { id: 'call_empty', name: 'now', arguments: '' },
        { id: 'call_bad', name: 'get_weather', arguments: '{"city": Lisbon}' },
        { id: null, name: 'now', arguments: {} },
      ],
    });
    const events = await collect(model().stream(request()));
    const calls = callsOf(events);
    expect(calls[0]).toEqual({ type: 'tool_call', id: 'call_empty', name: 'now', input: {} });
    expect(calls[1]).toEqual({ type: 'tool_call', id: 'call_bad', name: 'get_weather', input: { _invalidJson: '{"city": Lisbon}' } });
    const generated = calls[2] as Extract<ModelEvent, { type: 'tool_call' }>;
    expect(generated.id).toMatch(/^call_[a-f0-9]+$/);
    expect(generated.id.length).toBeLessThanOrEqual(40);
    // Its arguments streamed under the id made up for it, the one its call then carries.
    const pieces = events.flatMap((event) => (event.type === 'tool_input_delta' && event.name === 'now' ? [event.id] : []));
    expect(pieces.at(-1)).toBe(generated.id);
  });

  it('turns reasoning_content into thinking events, closed (unsigned) when the text starts', async () => {
    fake.enqueue({ reasoning: 'The user greets me; I should greet back.', text: 'Hi!' });
    const events = await collect(model().stream(request()));
    expect(textOf(events, 'thinking_delta')).toBe('The user greets me; I should greet back.');
    const types = events.map((event) => event.type);
    expect(types.indexOf('thinking_end')).toBe(types.lastIndexOf('thinking_delta') + 1);
    expect(types.indexOf('thinking_end')).toBeLessThan(types.indexOf('text_delta'));
    expect(events.find((event) => event.type === 'thinking_end')).toEqual({ type: 'thinking_end' });
    expect(types.filter((type) => type === 'thinking_end')).toHaveLength(1);
  });

  it('reads `reasoning` too, and closes the thinking before a tool call or at the end', async () => {
    fake.enqueue(
      { reasoning: 'Need the weather.', reasoningField: 'reasoning', toolCalls: [{ name: 'get_weather', arguments: { city: 'Faro' } }] },
      { reasoning: 'Nothing to say.', reasoningField: 'reasoning' },
    );
    const first = (await collect(model().stream(request()))).map((event) => event.type);
    expect(first.filter((type, i, all) => type !== all[i - 1])).toEqual(['thinking_delta', 'thinking_end', 'tool_input_delta', 'tool_call', 'stop']);
    const second = await collect(model().stream(request()));
    expect(textOf(second, 'thinking_delta')).toBe('Nothing to say.');
    expect(second.slice(-2).map((event) => event.type)).toEqual(['thinking_end', 'stop']);
  });

  it.each([
    ['stop', { reason: 'end_turn' }],
    ['length', { reason: 'max_tokens' }],
    ['content_filter', { reason: 'refusal' }],
    ['insufficient_system_resource', { reason: 'other', detail: 'insufficient_system_resource' }],
  ] as const)('maps finish_reason %s', async (finishReason, expected) => {
    fake.enqueue({ text: 'Some text', finishReason });
    const stop = stopOf(await collect(model().stream(request())));
    expect(stop).toMatchObject(expected);
    if (expected.reason !== 'other') expect(stop).not.toHaveProperty('detail');
  });

  it('says tool_use when a server finishes with `stop` after calling tools', async () => {
    fake.enqueue({ toolCalls: [{ id: 'call_s', name: 'get_weather', arguments: { city: 'Braga' } }], finishReason: 'stop' });
    const events = await collect(model().stream(request()));
    expect(callsOf(events)).toHaveLength(1);
    expect(stopOf(events)).toMatchObject({ reason: 'tool_use' });
  });

  it('drops a call cut off by the token limit, and reports max_tokens', async () => {
    fake.enqueue({ text: 'Writing', toolCalls: [{ id: 'call_cut', name: 'get_weather', arguments: '{"city": "Lis' }], finishReason: 'length' });
    const events = await collect(model().stream(request()));
    expect(callsOf(events)).toEqual([]);
    expect(stopOf(events)).toMatchObject({ reason: 'max_tokens' });
  });

  it('reports a stream that says [DONE] without any finish_reason as `other`', async () => {
    fake.enqueue({ text: 'Unfinished business', finishReason: null });
    const events = await collect(model().stream(request()));
    expect(textOf(events)).toBe('Unfinished business');
    expect(stopOf(events)).toMatchObject({ reason: 'other', detail: 'no finish_reason' });
  });
});

describe('openAICompatibleModel: compatible servers that bend the format', () => {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;

  it('splits calls that all come with index 0 (Ollama) by their ids', async () => {
    fake.enqueue({
      raw: [
        chunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' } }] }),
        chunk({ tool_calls: [{ index: 0, id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Porto"}' } }] }),
        chunk({}, 'tool_calls'),
        'data: [DONE]\n\n',
      ],
    });
    const calls = callsOf(await collect(model().stream(request())));
    expect(calls.map((call) => [call.type === 'tool_call' && call.id, call.type === 'tool_call' && call.input])).toEqual([
      ['call_1', { city: 'Lisbon' }],
      ['call_2', { city: 'Porto' }],
    ]);
  });

  it('follows calls sent without any index, and a body that ends without [DONE] or a final blank line', async () => {
    fake.enqueue({
      raw: [
        chunk({ tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }] }),
        chunk({ tool_calls: [{ function: { arguments: 'ty":"Evora"}' } }] }),
        chunk({ tool_calls: [{ id: 'call_y', type: 'function', function: { name: 'now', arguments: '' } }] }),
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 5, completion_tokens: 9 } })}`,
      ],
    });
    const events = await collect(model().stream(request()));
    expect(callsOf(events)).toEqual([
      { type: 'tool_call', id: 'call_x', name: 'get_weather', input: { city: 'Evora' } },
      { type: 'tool_call', id: 'call_y', name: 'now', input: {} },
    ]);
    expect(stopOf(events)).toEqual({ type: 'stop', reason: 'tool_use', usage: { inputTokens: 5, outputTokens: 9 } });
  });
});

describe('openAICompatibleModel: failures', () => {
  it('turns a 401 into a ModelError with the status and the API message, without the key', async () => {
    const wrongKey = 'sk-wrong-key-9876543210';
    const { error } = await collectError(model({ apiKey: wrongKey }).stream(request()));
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    expect(error.message).toContain('401');
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.message).toContain('Check the API key');
    expect(error.message).not.toContain(wrongKey);
  });

  it('scrubs the key even when a server echoes it whole', async () => {
    fake.enqueue({ status: 500, error: { message: `upstream rejected key ${KEY}`, type: 'server_error' } });
    const { error } = await collectError(model().stream(request()));
    expect(error.status).toBe(500);
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('upstream rejected key [redacted]');
    expect(error.message).toContain('try again');
    expect(error.message).not.toContain(KEY);
  });

  it('says which model was not found (404), and what to check', async () => {
    fake.enqueue({
      status: 404,
      error: { message: "The model 'gpt-nope' does not exist or you do not have access to it.", type: 'invalid_request_error', code: 'model_not_found' },
    });
    const { error } = await collectError(model().stream(request()));
    expect(error).toMatchObject({ status: 404, code: 'model_not_found' });
    expect(error.message).toContain("The model 'gpt-nope' does not exist");
    expect(error.message).toContain('Check the model name and the base URL.');
  });

  it('reports a rate limit (429) as one', async () => {
    fake.enqueue({ status: 429, error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } });
    const { error } = await collectError(model().stream(request()));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/HTTP 429 .*Rate limit reached for requests\. Rate limit reached; wait a moment/);
  });

  it('says a wrong base URL reached an HTML page', async () => {
    fake.enqueue({ status: 404, body: '<!doctype html><html><body>Not found</body></html>', contentType: 'text/html' });
    const { error } = await collectError(model().stream(request()));
    expect(error.status).toBe(404);
    expect(error.message).toContain('HTML page');
    expect(error.message).not.toContain('<html>');
  });

  it('reports a refused connection with the address to check', async () => {
    const gone = await startFakeOpenAI();
    const baseURL = gone.baseURL;
    await gone.close();
    const { error } = await collectError(openAICompatibleModel({ model: 'm', baseURL, apiKey: KEY }).stream(request()));
    expect(error.code).toBe('connection_error');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain(baseURL);
    expect(error.message).not.toContain(KEY);
  });

  it('turns an error chunk mid-stream into a ModelError, after the text that came before it', async () => {
    fake.enqueue({ text: 'Partial answer', streamError: { message: 'The server had an error while processing your request.', type: 'server_error' } });
    const { events, error } = await collectError(model().stream(request()));
    expect(textOf(events)).toBe('Partial answer');
    expect(error.code).toBe('server_error');
    expect(error.message).toContain('failed while streaming (server_error): The server had an error while processing your request.');
  });

  it('reads an error sent as JSON where the stream should be, and refuses JSON that is no stream', async () => {
    fake.enqueue(
      { raw: ['{"error":{"message":"Model is still loading","type":"unavailable"}}'], contentType: 'application/json' },
      { raw: ['{"choices":[]}'], contentType: 'application/json' },
    );
    const loading = await collectError(model().stream(request()));
    expect(loading.error.message).toContain('failed while streaming (unavailable): Model is still loading.');
    const plain = await collectError(model().stream(request()));
    expect(plain.error.code).toBe('not_a_stream');
    expect(plain.error.message).toContain('answered with JSON instead of an event stream');
  });

  it('fails a stream cut off before its end', async () => {
    fake.enqueue({ text: 'Half a', truncate: true });
    const { events, error } = await collectError(model().stream(request()));
    expect(textOf(events)).toBe('Half a');
    expect(error.code).toBe('incomplete_stream');
    expect(error.message).toContain('ended the stream before the response was complete');
  });

  it('rejects a tool whose input schema is not an object before sending anything', async () => {
    const bad: ModelToolSpec = { name: 'list', description: 'A list', inputSchema: { type: 'array' } };
    const { error } = await collectError(model().stream(request({ tools: [bad] })));
    expect(error.code).toBe('invalid_tool_schema');
    expect(error.message).toContain('"list"');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses options that could never work', () => {
    expect(() => openAICompatibleModel({ model: ' ' })).toThrow(/model/);
    expect(() => openAICompatibleModel({ model: 'm', baseURL: 'localhost:11434' })).toThrow(/baseURL/);
    expect(() => openAICompatibleModel({ model: 'm', maxTokens: 0 })).toThrow(/maxTokens/);
  });
});

describe('openAICompatibleModel: stop', () => {
  it('ends quietly when aborted mid-stream, and closes the HTTP stream', async () => {
    const local = await startFakeOpenAI({ replies: [{ text: 'First words, then silence', hold: true }] });
    try {
      const controller = new AbortController();
      const events: ModelEvent[] = [];
      const m = openAICompatibleModel({ model: 'm', baseURL: local.baseURL });
      for await (const event of m.stream(request({ signal: controller.signal }))) {
        events.push(event);
        if (textOf(events).includes('then')) controller.abort();
      }
      expect(textOf(events)).toContain('First words');
      expect(events.some((event) => event.type === 'stop')).toBe(false);
      await vi.waitFor(() => expect(local.streamsCancelled).toBe(1));
    } finally {
      await local.close();
    }
  });

  it('ends quietly when aborted while waiting for the server to answer', async () => {
    const controller = new AbortController();
    // The server would answer after 10 s: an end within 5 s is Stop's doing, however busy the machine.
    const slow = await startFakeOpenAI({ replies: [{ text: 'late', delayMs: 10_000 }] });
    try {
      const m = openAICompatibleModel({ model: 'm', baseURL: slow.baseURL });
      // Stopped once the request has reached the server (not 50 ms in, when under load it may not have been sent).
      const stopping = (async () => {
        while (slow.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        controller.abort();
      })();
      const started = Date.now();
      expect(await collect(m.stream(request({ signal: controller.signal })))).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5_000);
      await stopping;
    } finally {
      await slow.close();
    }
  });

  it('sends nothing when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await collect(model().stream(request({ signal: controller.signal })))).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('toOpenAIMessages', () => {
  it('puts the system prompt first, groups one response into one assistant message, and answers each call', async () => {
    const turns = [
      turn({ type: 'user', text: 'Weather in Lisbon and Porto?' }),
      turn({ type: 'thinking', text: 'Two cities, two calls.' }),
      turn({ type: 'assistant_text', text: 'Checking both.' }),
      turn({ type: 'tool_call', toolCallId: 'call_1', name: 'get_weather', input: { city: 'Lisbon' } }),
      turn({ type: 'tool_call', toolCallId: 'call_2', name: 'get_weather', input: { city: 'Porto' } }),
      turn({ type: 'tool_result', toolCallId: 'call_2', output: 'rain', isError: false }),
      turn({ type: 'tool_result', toolCallId: 'call_1', output: { sky: 'clear', celsius: 21 }, isError: false }),
      turn({ type: 'assistant_text', text: 'Lisbon is clear; Porto has rain.' }),
      turn({ type: 'status', text: 'Shown to the user only' }),
      turn({ type: 'error', message: 'Also only for the user' }),
    ];
    const messages = await toOpenAIMessages('Be brief.', turns);
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Lisbon and Porto?' },
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Porto"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'rain' },
      { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear","celsius":21}' },
      { role: 'assistant', content: 'Lisbon is clear; Porto has rain.' },
    ]);
    expect(validateChatCompletionsRequest({ model: 'm', messages })).toBeUndefined();
  });

  it('uses null content for calls without text, marks failed results, and fills in empty output', async () => {
    const messages = await toOpenAIMessages('', [
      turn({ type: 'user', text: 'Go' }),
      turn({ type: 'tool_call', toolCallId: 'call_e', name: 'explode', input: {} }),
      turn({ type: 'tool_call', toolCallId: 'call_q', name: 'quiet', input: undefined }),
      turn({ type: 'tool_result', toolCallId: 'call_e', output: 'the tool broke', isError: true }),
      turn({ type: 'tool_result', toolCallId: 'call_q', output: '', isError: false }),
    ]);
    expect(messages[0]).toEqual({ role: 'user', content: 'Go' });
    expect(messages[1]).toMatchObject({ role: 'assistant', content: null });
    expect(messages[1]).toHaveProperty(['tool_calls', 1, 'function', 'arguments'], '{}');
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_e', content: 'Error: the tool broke' },
      { role: 'tool', tool_call_id: 'call_q', content: '(no output)' },
    ]);
    expect(validateChatCompletionsRequest({ model: 'm', messages })).toBeUndefined();
  });

  it('answers a call left without a result as cancelled, before the next user message', async () => {
    const messages = await toOpenAIMessages('', [
      turn({ type: 'user', text: 'Do two things' }),
      turn({ type: 'tool_call', toolCallId: 'call_done', name: 'a', input: {} }),
      turn({ type: 'tool_call', toolCallId: 'call_lost', name: 'b', input: {} }),
      turn({ type: 'tool_result', toolCallId: 'call_done', output: 'ok', isError: false }),
      turn({ type: 'user', text: 'Never mind' }),
    ]);
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_done', content: 'ok' },
      { role: 'tool', tool_call_id: 'call_lost', content: `Error: ${CANCELLED_TOOL_RESULT}` },
      { role: 'user', content: 'Never mind' },
    ]);
    expect(validateChatCompletionsRequest({ model: 'm', messages })).toBeUndefined();
  });

  it('never sends an empty assistant message, a stray result, a repeated call, or thinking', async () => {
    const messages = await toOpenAIMessages('', [
      turn({ type: 'user', text: 'Think only' }),
      turn({ type: 'thinking', text: 'Hmm', signature: 'sig' }),
      turn({ type: 'assistant_text', text: '   ' }),
      turn({ type: 'tool_result', toolCallId: 'call_ghost', output: 'orphan', isError: false }),
      turn({ type: 'user', text: 'Call twice' }),
      turn({ type: 'tool_call', toolCallId: 'call_dup', name: 'a', input: { n: 1 } }),
      turn({ type: 'tool_call', toolCallId: 'call_dup', name: 'a', input: { n: 2 } }),
      turn({ type: 'tool_result', toolCallId: 'call_dup', output: 'first', isError: false }),
      turn({ type: 'tool_result', toolCallId: 'call_dup', output: 'second', isError: false }),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'Think only' },
      { role: 'user', content: 'Call twice' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_dup', type: 'function', function: { name: 'a', arguments: '{"n":1}' } }] },
      { role: 'tool', tool_call_id: 'call_dup', content: 'first' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('Hmm');
    expect(validateChatCompletionsRequest({ model: 'm', messages })).toBeUndefined();
  });

  it('shortens ids too long for OpenAI, the same way for a call and its result', async () => {
    const longId = `srvtoolu_${'x'.repeat(50)}`;
    const messages = await toOpenAIMessages('', [
      turn({ type: 'user', text: 'Hi' }),
      turn({ type: 'tool_call', toolCallId: longId, name: 'a', input: {} }),
      turn({ type: 'tool_result', toolCallId: longId, output: 'ok', isError: false }),
    ]);
    const call = messages[1] as { tool_calls: { id: string }[] };
    const result = messages[2] as { tool_call_id: string };
    expect(call.tool_calls[0]!.id.length).toBeLessThanOrEqual(40);
    expect(result.tool_call_id).toBe(call.tool_calls[0]!.id);
    expect(validateChatCompletionsRequest({ model: 'm', messages })).toBeUndefined();
  });

  it('stands in for a user message that only carried attachments, and skips an empty one', async () => {
    const messages = await toOpenAIMessages('', [
      turn({ type: 'user', text: '', references: [{ id: 'r1', title: 'Row 1' }] }),
      turn({ type: 'user', text: '  ' }),
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ role: 'user' });
    expect((messages[0] as { content: string }).content).toMatch(/attachments or references/);
  });

  it('toOpenAITools keeps the schema, drops its draft marker, and refuses non-object inputs', async () => {
    expect(toOpenAITools([weatherSpec])[0]!.function.parameters).not.toHaveProperty('$schema');
    expect(() => toOpenAITools([{ name: 'n', description: 'd', inputSchema: { type: 'string' } }])).toThrow(ModelError);
  });
});

describe('the fake OpenAI validates tool use as the real API does', () => {
  const post = (body: unknown) =>
    fetch(`${fake.baseURL}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers 400 when a call has no tool message, or a tool message answers nothing', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'a', arguments: '{}' } };
    const unanswered = await post({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: null, tool_calls: [call] }, { role: 'user', content: 'y' }],
    });
    expect(unanswered.status).toBe(400);
    expect(((await unanswered.json()) as { error: { message: string } }).error.message).toContain('did not have response messages: call_1');

    const stray = await post({ model: 'm', messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'call_9', content: 'z' }] });
    expect(stray.status).toBe(400);
    expect(((await stray.json()) as { error: { message: string } }).error.message).toContain("messages with role 'tool' must be a response");
  });
});

describe('openAICompatibleModel in a whole agent run', () => {
  it('runs the tool the fake asks for, sends back the call and its result, and ends with end_turn', async () => {
    const local = await startFakeOpenAI({
      apiKey: 'k',
      replies: [
        { reasoning: 'I need the weather.', text: 'Let me check.', toolCalls: [{ id: 'call_lx', name: 'get_weather', arguments: { city: 'Lisbon' } }] },
        { text: 'It is clear and 21 °C in Lisbon.', usage: { promptTokens: 40, completionTokens: 11 } },
      ],
    });
    const executed: unknown[] = [];
    const weather = defineTool({
      name: 'get_weather',
      description: 'The weather in a city',
      input: z.object({ city: z.string() }),
      execute: (input) => {
        executed.push(input);
        return { city: input.city, sky: 'clear', celsius: 21 };
      },
    });
    const server = await serveApp(
      createAgentChat({ model: openAICompatibleModel({ model: 'fake', baseURL: local.baseURL, apiKey: 'k' }), tools: [weather] }),
    );
    try {
      const events = await sameBrowser(server.url).run('openai-e2e', { text: 'Weather in Lisbon?' });

      expect(executed).toEqual([{ city: 'Lisbon' }]);
      const types = events.map((event) => event.event);
      expect(types).toContain('thinking_delta');
      expect(types.indexOf('tool_call')).toBeLessThan(types.indexOf('tool_result'));
      expect(events.find((event) => event.data.type === 'tool_call')!.data).toMatchObject({ toolCallId: 'call_lx', name: 'get_weather', input: { city: 'Lisbon' } });
      const text = events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : [])).join('');
      expect(text).toBe('Let me check.It is clear and 21 °C in Lisbon.');
      expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });

      expect(local.requests).toHaveLength(2);
      const second = local.requests[1]!.body['messages'] as Record<string, unknown>[];
      expect(second[0]).toMatchObject({ role: 'system' });
      expect(second.slice(1)).toEqual([
        { role: 'user', content: 'Weather in Lisbon?' },
        {
          role: 'assistant',
          content: 'Let me check.',
          tool_calls: [{ id: 'call_lx', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_lx', content: '{"city":"Lisbon","sky":"clear","celsius":21}' },
      ]);
      // The thinking stayed on this side.
      expect(JSON.stringify(second)).not.toContain('I need the weather');
      expect(local.requests[1]!.body['tools']).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'get_weather' }) })]);
    } finally {
      await server.close();
      await local.close();
    }
  });
});
