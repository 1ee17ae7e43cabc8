import type { Turn } from '@agent-chat/protocol';
import { scriptedModel, type Model, type ScriptedRun } from '@agent-chat/server';
import { capabilities, whichSlide } from './demo-capabilities.js';
import { draft, overview, readSlide, repeated, rewrite, rewriteAll, updateSlide } from './demo-slide-scenarios.js';
import { navigate, regenerateImage, regeneratePrompt, restyleSlide, selectStyle, session, stageAction, styles, updatePrompt } from './demo-stage-scenarios.js';
import { stepsOfTurn, type DemoStep } from './demo-steps.js';
import { understand, type SlidesRequest } from './demo-understand.js';
import { numbersNamed, type Referents } from './demo-words.js';

/**
 * The offline demo model (no API key): a scripted model that understands requests about the carousel in the words
 * people use for them (demo-understand.ts) and plays each with the real tools, so everything but the model itself
 * is what runs with Claude. What it does not understand gets what it can do in this stage, as chips.
 */
export function slidesDemoModel(): Model {
  return scriptedModel(
    ({ text, turns, context }) => {
      const page = (context ?? {}) as { stage?: unknown; slideCount?: unknown; selectedSlide?: unknown };
      const referents: Referents = {
        selected: typeof page.selectedSlide === 'number' ? page.selectedSlide : null,
        previous: lastSlideTalkedAbout(turns),
        count: typeof page.slideCount === 'number' ? page.slideCount : undefined,
      };
      const request = understand(text, referents);
      const steps = stepsOfTurn(turns);
      if (request.kind === 'capabilities') return capabilities(request.asked, text.trim(), page, steps);
      if (request.kind === 'which-slide') return whichSlide(request.wish, referents.count ?? 0);
      return play(request, steps);
    },
    { name: 'offline demo', chunkSize: 6, delayMs: 12 },
  );
}

function play(request: Exclude<SlidesRequest, { kind: 'capabilities' | 'which-slide' }>, steps: readonly DemoStep[]): ScriptedRun {
  switch (request.kind) {
    case 'repeated': return repeated(request, steps);
    case 'rewrite': return rewrite(request, steps);
    case 'update-slide': return updateSlide(request, steps);
    case 'rewrite-all': return rewriteAll(request, steps);
    case 'read-slide': return readSlide(request, steps);
    case 'overview': return overview(request, steps);
    case 'draft': return draft(request, steps);
    case 'session': return session(request, steps);
    case 'styles': return styles(request, steps);
    case 'select-style': return selectStyle(request, steps);
    case 'restyle-slide': return restyleSlide(request, steps);
    case 'action': return stageAction(request, steps);
    case 'regenerate-prompt': return regeneratePrompt(request, steps);
    case 'update-prompt': return updatePrompt(request, steps);
    case 'regenerate-image': return regenerateImage(request, steps);
    case 'navigate': return navigate(request, steps);
  }
}

/**
 * The slide the conversation was last about, before this message: what "it" means in "make it a question" when no
 * slide is selected on the page. A tool call on a slide counts, and so does a slide the user named.
 */
function lastSlideTalkedAbout(turns: readonly Turn[]): number | undefined {
  const current = turns.findLastIndex((turn) => turn.type === 'user');
  for (const turn of turns.slice(0, Math.max(0, current)).reverse()) {
    if (turn.type === 'tool_call') {
      const slide = (turn.input as { slide_index?: unknown } | undefined)?.slide_index;
      if (typeof slide === 'number') return slide;
    } else if (turn.type === 'user') {
      const named = numbersNamed(turn.text, 'slide').at(-1);
      if (named !== undefined) return named;
    }
  }
  return undefined;
}
