import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { forecastFor, type Forecast } from './forecast.js';

/** The cities the offline demo offers when the user names none. */
export const DEMO_CITIES = ['Lisbon', 'Oslo', 'Tokyo'] as const;

/** What the demo model writes as the card's headline: long enough to be seen streaming in. */
export const headlineFor = (city: string) => `Here is the week ahead in ${city}, day by day, with highs and lows.`;

/**
 * The offline demo: "weather in <city>" draws that city's card at once; anything else asks which city first (the
 * choice picker, answered in the page), then draws the card for the city chosen. Tool inputs stream in pieces, so
 * the card fills in as the model writes its request.
 */
export const demoModel = scriptedModel(
  ({ text, turns }) => {
    const named = /weather (?:in|for) ([\p{L} .'-]{2,40})/iu.exec(text)?.[1]?.trim().replace(/[.?!]+$/, '');
    if (named) return weatherRun(named, turns);
    const chosen = lastOutput(turns);
    const city = typeof chosen === 'string' && chosen ? chosen : DEMO_CITIES[0];
    return [
      [
        { text: 'Happy to show you a forecast. ' },
        {
          tool: 'choose_option',
          input: { question: 'Which city should I look up?', options: DEMO_CITIES.map((name) => ({ value: name, label: name })) },
        },
      ],
      ...weatherRun(city, turns),
    ];
  },
  { name: 'offline demo', chunkSize: 6, delayMs: 20, inputChunkSize: 6 },
);

function weatherRun(city: string, turns: readonly Turn[]): ScriptedRun {
  return [
    [{ text: `Looking up ${city}. ` }, { tool: 'get_weather', input: { city, days: 3, headline: headlineFor(city) } }],
    [{ text: summary(lastOutput(turns) as Forecast | undefined, city) }],
  ];
}

function summary(forecast: Forecast | undefined, city: string): string {
  const days = forecast?.days ?? forecastFor(city).days;
  const warmest = days.reduce((best, day) => (day.high > best.high ? day : best), days[0]!);
  return (
    `The card above has it: ${warmest.day.toLowerCase()} is the warmest, at ${warmest.high} °C. ` +
    'This is the **offline demo model**; set ANTHROPIC_API_KEY to talk to Claude.'
  );
}

function lastOutput(turns: readonly Turn[]): unknown {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' && !result.isError ? result.output : undefined;
}
