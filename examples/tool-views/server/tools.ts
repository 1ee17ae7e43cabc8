import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import { forecastFor } from './forecast.js';

/** A server tool the page draws as a weather card (its `toolViews.get_weather`), from its input as it streams. */
export const getWeather = defineTool({
  name: 'get_weather',
  description: 'The forecast for a city, shown to the user as a weather card.',
  input: z.object({
    city: z.string().describe('The city, e.g. Lisbon'),
    days: z.number().int().min(1).max(5).optional().describe('How many days, 1 to 5 (default 3)'),
    headline: z.string().describe('One friendly line for the top of the card, written for the user'),
  }),
  label: 'Forecast for {city}',
  execute: ({ city, days }) => forecastFor(city, days ?? 3),
});

/**
 * A client tool the page answers with the user's choice (its `toolViews.choose_option` draws the buttons and calls
 * `respond`): the value of the option chosen is the tool's result.
 */
export const chooseOption = defineTool({
  name: 'choose_option',
  description: 'Ask the user to pick one of a few options; the result is the value of the option they chose.',
  kind: 'client',
  input: z.object({
    question: z.string(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).min(2).max(6),
  }),
  label: 'Asking you to choose',
});
