import { scriptedModel, type Model } from '@agent-chat/server';
import { stepsOfTurn } from './demo-steps.js';
import type { Scenario } from './demo-scenario.js';
import { draftScenario, overview, readSlide, regenerateAll, repeatedSlide, rewriteSlideScenario } from './demo-slide-scenarios.js';
import { generateScenario, goToStageScenario, helpScenario, selectStyleScenario, singleActionScenario } from './demo-stage-scenarios.js';

/** In the order they are tried: the more specific first. */
const SCENARIOS: readonly Scenario[] = [
  repeatedSlide,
  regenerateAll,
  rewriteSlideScenario,
  selectStyleScenario,
  goToStageScenario,
  generateScenario,
  singleActionScenario,
  readSlide,
  overview,
  draftScenario,
];

/**
 * The offline demo model (no API key): a scripted model that recognizes seed 000's scenarios from the user's
 * text and plays them with the real tools, so everything but the model itself is what runs with Claude.
 */
export function slidesDemoModel(): Model {
  return scriptedModel(
    ({ text, turns }) => {
      const steps = stepsOfTurn(turns);
      for (const scenario of SCENARIOS) {
        const match = scenario.match(text);
        if (match) return scenario.play(match, steps, text);
      }
      return helpScenario.play([], steps, text);
    },
    { name: 'offline demo', chunkSize: 6, delayMs: 12 },
  );
}
