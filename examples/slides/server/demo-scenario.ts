import type { ScriptedResponse, ScriptedRun } from '@agent-chat/server';
import { stageName } from './carousel.js';
import type { DemoStep } from './demo-steps.js';
import { stageAction } from './stage-actions.js';

/**
 * The offline demo model's repertoire: seed 000's scenarios, each recognized from what the user typed and
 * played as an agent would: thinking, read tools, the write tool with an instruction, a final answer built from
 * the results. Each scenario returns the whole run; the scripted model plays the response for the current step,
 * so later responses are written from results that exist by the time they are played.
 */
export interface Scenario {
  name: string;
  /** The captures the scenario plays with, or null when the text is not this scenario. */
  match(text: string): string[] | null;
  play(match: string[], steps: readonly DemoStep[], text: string): ScriptedRun;
}

/** What get_slide returns, as far as the answers quote it. */
export interface SlideView {
  title?: string;
  body?: string;
  image_prompt?: string;
}

export const quote = (slide: SlideView | undefined) => (slide?.title ? `“${slide.title}: ${slide.body}”` : 'the slide');

/** The final answer after a write: what changed, or why it did not, with the way forward. */
export function afterWrite(step: DemoStep | undefined, success: (output: Record<string, unknown>) => string): ScriptedResponse {
  if (!step) return [{ text: 'The change did not run.' }];
  if (!step.isError) return [{ text: success(step.output as Record<string, unknown>) }];
  const action = stageAction(step.name);
  const error = String(step.output);
  if (action && error.startsWith('Unknown tool')) {
    return [
      {
        text:
          `I can't do that from here: **${step.name}** belongs to stage ${action.stage} (${stageName(action.stage)}). ` +
          `Type \`/stage ${action.stage}\` (or click it in the stage bar), then ask me again.`,
      },
    ];
  }
  return [{ text: `That didn't work: ${error}` }];
}

export const undoHint = 'Press **Undo** to put it back as it was.';

