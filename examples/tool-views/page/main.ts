import type { AgentChat } from '@agent-chat/element';
import { choicePicker } from './choice-picker.js';
import { WeatherCard } from './weather-card.js';

customElements.define('weather-card', WeatherCard);

// The page's own views of two tools, in place of the element's default chips: a custom element by its tag name (it
// gets the call as `.call`), and a function that returns a Node (kept up to date through `onUpdate`).
const chat = document.querySelector('agent-chat') as AgentChat;
chat.adapter = {
  toolViews: {
    get_weather: 'weather-card',
    choose_option: choicePicker,
  },
};
