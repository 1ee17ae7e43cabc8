// The agent server scenarios for custom tool views (issue #21, point 5): `/api/tool-views` calls a server tool whose
// input streams in pieces (slowly enough that each piece is an event of its own), then answers; `/api/tool-choice`
// asks the page a question (a client tool the page answers with the user's choice), then says what was chosen.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Turn } from '@agent-chat/protocol';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { CHOICE, FORECAST, WEATHER } from './tool-view-texts.js';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'The forecast for a city',
  input: z.object({ city: z.string(), days: z.number(), summary: z.string() }),
  label: 'Forecast for {city}',
  execute: ({ city, days }) => ({ ...FORECAST, city, days }),
});

const pickPlan = defineTool({
  name: 'pick_plan',
  description: 'Ask the user to choose one of a few options',
  kind: 'client',
  input: z.object({ question: z.string(), options: z.array(z.object({ value: z.string(), label: z.string() })) }),
  label: 'Asking which plan',
});

function lastOutput(turns: readonly Turn[]): unknown {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? result.output : undefined;
}

export function mountToolViewScenarios(app: Hono): void {
  app.route(
    '/api/tool-views',
    createAgentChat({
      ...testAccess,
      model: scriptedModel([[{ tool: 'get_weather', input: WEATHER.input }], [{ text: WEATHER.after }]], { inputChunkSize: 9, delayMs: 60 }),
      tools: [getWeather],
    }),
  );
  app.route(
    '/api/tool-choice',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ turns }) => [
        [{ tool: 'pick_plan', input: CHOICE.input }],
        [{ text: CHOICE.after(lastOutput(turns)) }],
      ]),
      tools: [pickPlan],
    }),
  );
}
