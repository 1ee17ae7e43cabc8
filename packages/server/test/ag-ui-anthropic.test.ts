import type { RunFinishedEvent, ToolCallArgsEvent, ToolCallResultEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, defineTool } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';

// An input long enough that the model writes it in many pieces, which reach the AG-UI client as several TOOL_CALL_ARGS.
const INPUT = { city: 'Lisbon', notes: 'Sunny spells with a sea breeze. '.repeat(30) };
const getWeather = defineTool({
  name: 'get_weather',
  description: 'The forecast for a city',
  input: z.object({ city: z.string(), notes: z.string() }),
  execute: ({ city }) => ({ city, forecast: 'sunny' }),
});

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({
    chunkSize: 8,
    replies: [
      {
        content: [
          { type: 'thinking', thinking: 'The user wants the weather.', signature: 'sig-1' },
          { type: 'text', text: 'Looking it up.' },
          { type: 'tool_use', id: 'toolu_weather_1', name: 'get_weather', input: INPUT },
        ],
      },
      { content: [{ type: 'text', text: 'Sunny in Lisbon.' }] },
    ],
  });
  server = await serveApp(agUiApp({ model: anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.url }), tools: [getWeather] }));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('AG-UI endpoint over the real Anthropic SDK', () => {
  it('streams thinking, text, the tool input as the model writes it, the result and the answer', async () => {
    const agent = agUiAgent(server.url, 'anthropic');
    agent.addMessage({ id: 'w-1', role: 'user', content: 'Weather in Lisbon?' });
    const run = await runAgUi(agent);
    expect(eventTypes(run.events)).toEqual([
      'RUN_STARTED',
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'MESSAGES_SNAPSHOT',
      'RUN_FINISHED',
    ]);
    const args = ofType<ToolCallArgsEvent>(run.events, 'TOOL_CALL_ARGS');
    // Pieces, throttled (50 ms or 256 characters each), that join to the whole input.
    expect(args.length).toBeGreaterThan(1);
    expect(JSON.parse(args.map((e) => e.delta).join(''))).toEqual(INPUT);
    expect(JSON.parse(ofType<ToolCallResultEvent>(run.events, 'TOOL_CALL_RESULT')[0]!.content as string)).toEqual({ city: 'Lisbon', forecast: 'sunny' });
    expect((run.events.at(-1) as RunFinishedEvent).usage).toBeDefined();
    expect(agent.messages.map((m) => m.role)).toEqual(['user', 'reasoning', 'assistant', 'tool', 'assistant']);
    expect(agent.messages.at(-1)).toMatchObject({ content: 'Sunny in Lisbon.' });
    // The model got the tool's result back through the SDK, as for any run.
    expect(JSON.stringify(fake.requests[1])).toContain('toolu_weather_1');
  });
});
