import type { StreamEvent, ToolInputDeltaEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineTool, memoryStore, scriptedModel } from '../src/index.js';
import { openAICompatibleModel } from '../src/model/openai-compatible/index.js';
import { ToolInputStream } from '../src/run/tool-input-stream.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type FakeReply } from '../src/testing/fake-anthropic.js';
import { agentClient } from '../src/testing/agent-client.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { startFakeOpenAI } from './support/fake-openai.js';

// A forecast long enough to stream in many pieces: the client should see it grow, in far fewer events than pieces.
const FORECAST = { city: 'Lisbon', days: 3, notes: 'Sunny spells with a sea breeze. '.repeat(40) };
const FORECAST_JSON = JSON.stringify(FORECAST);
const CHUNK = 8;

const getWeather = defineTool({
  name: 'get_weather',
  description: 'The forecast for a city',
  input: z.object({ city: z.string(), days: z.number(), notes: z.string().optional() }),
  execute: async ({ city, days }) => ({ city, days, temperature: 21 }),
});

const weatherCall = (id: string): FakeReply => ({ content: [{ type: 'tool_use', id, name: 'get_weather', input: FORECAST }] });
const answer: FakeReply = { content: [{ type: 'text', text: 'Sunny in Lisbon.' }], stopReason: 'end_turn' };

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({ chunkSize: CHUNK });
  server = await serveApp(
    createAgentChat({
      model: anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.url }),
      tools: [getWeather],
      store: memoryStore(),
      secret: 'tool-input-stream-secret-0123456789abcdef',
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const deltasOf = (events: ReceivedEvent[]) =>
  events.map((event) => event.data).filter((event): event is ToolInputDeltaEvent => event.type === 'tool_input_delta');
const ofType = <T extends StreamEvent['type']>(events: ReceivedEvent[], type: T) =>
  events.map((event) => event.data).filter((event): event is Extract<StreamEvent, { type: T }> => event.type === type);

describe('tool_input_delta: a tool call\'s input as the model writes it (Anthropic, through the real SDK)', () => {
  it('streams the input in throttled pieces that join to the whole input, on the turn its tool_call then completes', async () => {
    fake.enqueue(weatherCall('toolu_weather_1'), answer);
    const client = agentClient(server.url);
    const events = await client.run('s-stream', { text: 'Weather in Lisbon?' });

    const deltas = deltasOf(events);
    const call = ofType(events, 'tool_call')[0]!;
    expect(call).toMatchObject({ toolCallId: 'toolu_weather_1', name: 'get_weather', input: FORECAST });
    expect(deltas.length).toBeGreaterThan(1);
    // Every piece is about this call and its turn, and the pieces joined are exactly the input the model wrote.
    for (const delta of deltas) expect(delta).toMatchObject({ turnId: call.turnId, toolCallId: 'toolu_weather_1', name: 'get_weather' });
    expect(deltas.map((delta) => delta.delta).join('')).toBe(FORECAST_JSON);
    // Throttled: the API sent the input in 8-character pieces; the client gets far fewer events.
    const pieces = Math.ceil(FORECAST_JSON.length / CHUNK);
    expect(deltas.length).toBeLessThan(pieces / 4);
    // All of them before the call itself, which comes once, whole; the other events are as they always were.
    const lastDelta = events.findLastIndex((event) => event.data.type === 'tool_input_delta');
    expect(lastDelta).toBeLessThan(events.findIndex((event) => event.data.type === 'tool_call'));
    expect(ofType(events, 'tool_result')[0]).toMatchObject({ toolCallId: 'toolu_weather_1', isError: false });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });

    // The history keeps the whole call (on the turn the pieces named), never a partial input.
    const history = await client.history('s-stream');
    const stored = history.turns.find((turn) => turn.type === 'tool_call');
    expect(stored).toMatchObject({ id: call.turnId, input: FORECAST });
    expect(JSON.stringify(history.turns)).not.toContain('tool_input_delta');
  });

  it('Stop while the input streams leaves a history the Messages API accepts, without the half-written call', async () => {
    // Slow enough that the cancel lands while the call's input is still arriving.
    fake.enqueue({ ...weatherCall('toolu_weather_2'), delayMs: 4 }, answer);
    const client = agentClient(server.url);
    const response = await client.send('s-stop', { text: 'Weather in Lisbon?' });
    let cancelled: Promise<Response> | undefined;
    const events = await readAgentEvents(response, (event) => {
      if (event.data.type === 'tool_input_delta') cancelled ??= client.cancel('s-stop');
    });
    expect((await cancelled)?.status).toBe(200);
    expect(deltasOf(events).length).toBeGreaterThan(0);
    expect(ofType(events, 'tool_call')).toEqual([]);
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });

    const history = await client.history('s-stop');
    expect(history.running).toBe(false);
    expect(history.turns.some((turn) => turn.type === 'tool_call' || turn.type === 'tool_result')).toBe(false);
    expect(JSON.stringify(history.turns)).not.toContain('Sunny spells');

    // The next message goes to the fake, which validates the whole history as the real API does.
    const before = fake.requests.length;
    const next = await client.run('s-stop', { text: 'Never mind, just say hi.' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(fake.requests.length).toBe(before + 1);
    expect(ofType(next, 'error')).toEqual([]);
  });
});

describe('tool_input_delta from an OpenAI-compatible model', () => {
  it('its tool call argument pieces reach the client the same way, on the turn of the call', async () => {
    const openai = await startFakeOpenAI({
      chunkSize: 6,
      replies: [{ toolCalls: [{ id: 'call_w9', name: 'get_weather', arguments: FORECAST }] }, { text: 'Sunny in Lisbon.' }],
    });
    const app = await serveApp(
      createAgentChat({
        model: openAICompatibleModel({ model: 'fake-model', baseURL: openai.baseURL, apiKey: 'sk-test' }),
        tools: [getWeather],
        store: memoryStore(),
        secret: 'tool-input-stream-secret-0123456789abcdef',
      }),
    );
    try {
      const events = await agentClient(app.url).run('s-openai', { text: 'Weather in Lisbon?' });
      const call = ofType(events, 'tool_call')[0]!;
      const deltas = deltasOf(events);
      expect(call).toMatchObject({ toolCallId: 'call_w9', input: FORECAST });
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.every((delta) => delta.turnId === call.turnId && delta.toolCallId === 'call_w9')).toBe(true);
      expect(deltas.map((delta) => delta.delta).join('')).toBe(FORECAST_JSON);
      expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    } finally {
      await app.close();
      await openai.close();
    }
  });
});

describe('the scripted model streams a tool input in pieces too', () => {
  it('with inputChunkSize, the client sees the input grow before the call', async () => {
    const scripted = await serveApp(
      createAgentChat({
        model: scriptedModel([[{ tool: 'get_weather', input: { city: 'Porto', days: 2 } }], [{ text: 'Done.' }]], { inputChunkSize: 5 }),
        tools: [getWeather],
        store: memoryStore(),
        secret: 'tool-input-stream-secret-0123456789abcdef',
      }),
    );
    try {
      const events = await agentClient(scripted.url).run('s-scripted', { text: 'Weather?' });
      const call = ofType(events, 'tool_call')[0]!;
      expect(deltasOf(events).map((delta) => delta.delta).join('')).toBe(JSON.stringify({ city: 'Porto', days: 2 }));
      expect(deltasOf(events).every((delta) => delta.turnId === call.turnId)).toBe(true);
    } finally {
      await scripted.close();
    }
  });
});

describe('ToolInputStream: the throttle', () => {
  it('sends the first piece at once, then at most every 50 ms or 256 characters, and the rest before the call', () => {
    const sent: ToolInputDeltaEvent[] = [];
    const stream = new ToolInputStream((event) => sent.push(event));
    stream.add('c1', 'get_weather', '{"ci', 0);
    expect(sent.map((event) => event.delta)).toEqual(['{"ci']);
    stream.add('c1', 'get_weather', 'ty":', 10);
    stream.add('c1', 'get_weather', '"Li', 20);
    expect(sent).toHaveLength(1);
    // 50 ms after the last one sent: what was held goes out together.
    stream.add('c1', 'get_weather', 's', 50);
    expect(sent.map((event) => event.delta)).toEqual(['{"ci', 'ty":"Lis']);
    // 256 characters held go out without waiting for the time.
    stream.add('c1', 'get_weather', 'x'.repeat(256), 51);
    expect(sent).toHaveLength(3);
    stream.add('c1', 'get_weather', 'bon"}', 52);
    expect(sent).toHaveLength(3);
    const turnId = stream.finish('c1');
    expect(sent).toHaveLength(4);
    expect(sent.map((event) => event.delta).join('')).toBe(`{"city":"Lis${'x'.repeat(256)}bon"}`);
    expect(new Set(sent.map((event) => event.turnId))).toEqual(new Set([turnId]));
    // A call that came whole had no pieces and gets no turn id from here.
    expect(stream.finish('c2')).toBeUndefined();
  });
});
