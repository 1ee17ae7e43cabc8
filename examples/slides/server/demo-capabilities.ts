import type { ScriptedRun } from '@agent-chat/server';
import { suggestionsCall } from '../../server/suggestions-tool.js';
import { isStage, stageName, type Stage } from './carousel.js';
import { field, findStep, type DemoStep } from './demo-steps.js';
import { ASK, type Wish } from './demo-wishes.js';

/**
 * What the demo model says when it does not understand a request, or is asked what it can do: what it can do in
 * the stage the user is in, and chips with requests it does understand (each checked by the tests). The stage
 * comes from the page's context, or from get_session_info when a message came without one.
 */

const CAN: Record<Stage, string[]> = {
  1: [
    'fix a slide that repeats another',
    'rewrite a slide: shorter, as a question, less or more formal',
    'put your exact words on a slide (*set the title of slide 2 to "…"*)',
    'rewrite every slide, one at a time',
    'read you a slide, the list of slides or your draft',
  ],
  2: ['propose styles, or other ones', 'tell you about the proposals', 'select one by its number or its name'],
  3: ['write the image prompts', 'rewrite one (*prompt 2 with a sunset*)', 'set one to your words (*set prompt 2 to "…"*)'],
  4: ['generate the images', 'make a new image for one slide'],
  5: ['apply the selected style to every slide', 'give one slide another style', 'export the carousel'],
};

function chipsFor(stage: Stage, slideCount: number): string[] {
  const slide = (n: number) => Math.max(1, Math.min(n, slideCount || n));
  switch (stage) {
    case 1:
      return ['Slide 2 repeats slide 1, fix it', `Shorten slide ${slide(3)}`, `Make slide ${slide(4)} a question`, `What does slide ${slide(5)} say?`];
    case 2:
      return ['Propose styles', 'Which styles are there?', 'Pick style 1', 'Next stage'];
    case 3:
      return ['Generate prompts', `Regenerate prompt ${slide(2)}`, 'Next stage', 'Go back'];
    case 4:
      return ['Generate images', `New image for slide ${slide(2)}`, 'Next stage', 'Go back'];
    case 5:
      return ['Apply styles', `Give slide ${slide(2)} style 1`, 'Export', 'Go back'];
  }
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function capabilities(asked: boolean, said: string, context: { stage?: unknown; slideCount?: unknown }, steps: readonly DemoStep[]): ScriptedRun {
  const known = isStage(context.stage) ? context.stage : undefined;
  const read = field<number>(findStep(steps, 'get_session_info'), 'current_stage');
  const stage: Stage = known ?? (isStage(read) ? read : 1);
  const count = typeof context.slideCount === 'number' ? context.slideCount : (field<number>(findStep(steps, 'get_session_info'), 'num_slides') ?? 0);
  const answer = [
    { text: `${asked ? '' : `I'm not sure what you mean by “${clip(said)}”. `}In stage ${stage} (${stageName(stage)}) I can:` },
    suggestionsCall(
      `${CAN[stage].map((line) => `- ${line}`).join('\n')}\n- move between stages (*next stage*, *go to stage 3*)\n\n` +
        "I'm the offline demo model: I understand requests like these, not open conversation. " +
        'Slash commands (`/next`, `/stage 3`, `/regen slide 2`) run without any model.',
      chipsFor(stage, count),
    ),
  ];
  // Without the page's context, look first; the scripted model plays one response per step.
  return known ? [answer, []] : [[{ tool: 'get_session_info', input: {} }], answer, []];
}

const WHICH: Record<Wish, string> = {
  distinct: 'Which slide repeats another one?',
  shorter: 'Which slide should I make shorter?',
  question: 'Which slide should I turn into a question?',
  casual: 'Which slide should I make less formal?',
  formal: 'Which slide should I make more formal?',
  fresh: 'Which slide should I rewrite?',
};

/** "Make it a question" with no slide selected or talked about: ask which, with a chip per slide. */
export function whichSlide(wish: Wish, slideCount: number): ScriptedRun {
  const slides = Array.from({ length: Math.min(4, slideCount || 4) }, (_, i) => i + 1);
  return [[{ text: WHICH[wish] }, suggestionsCall('Select it on the page and ask again, or pick one here:', slides.map((n) => ASK[wish](n)))], []];
}
