import { createAgentChat, modelFromEnv, type SessionStore } from '@agent-chat/server';
import { demoModel } from './demo-model.js';
import { chooseOption, getWeather } from './tools.js';

const SYSTEM = [
  'You are the weather assistant of the agent-chat tool views example. Be brief.',
  'Show a forecast with get_weather: the page draws it as a card, so do not repeat its numbers in a table.',
  'When the user has not said which city (or anything else you need), ask with choose_option: the page shows the',
  'options as buttons, and its result is the value the user chose.',
].join(' ');

/** The example's agent: Claude with ANTHROPIC_API_KEY (or another provider from the environment), else the demo. */
export function toolViewsAgent(store: SessionStore) {
  return createAgentChat({
    model: modelFromEnv({ offline: demoModel }),
    tools: [getWeather, chooseOption],
    store,
    system: SYSTEM,
  });
}
