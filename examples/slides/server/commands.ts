import { defineCommand, unknownCommandReply as standardReply, type UnknownCommand } from '@agent-chat/server';
import { FIRST_STAGE, LAST_STAGE, stageName, type Stage } from './carousel.js';
import type { CarouselEditor } from './carousel-editor.js';

/** The stages where /regen has something to regenerate (seed §3.1: slide N, prompt N, image N). */
const REGEN_STAGES: readonly Stage[] = [1, 3, 4];

/**
 * Seed 000 §4.2.9: slash commands, the fast path that never reaches the model. Each answers with a line for
 * the chat and the carousel, which the element hands to the page as a state change.
 */
export function slideCommands(editor: CarouselEditor) {
  const reply = (sessionId: string, text: string) => ({ text, state: editor.store.snapshot(sessionId) });
  // Decided from the carousel on the server, as the write tools are: the composer's / list shows only these.
  const stageOf = (sessionId: string) => editor.store.get(sessionId).stage;

  return [
    defineCommand({
      name: 'next',
      description: 'Go to the next stage',
      available: ({ sessionId }) => stageOf(sessionId) < LAST_STAGE,
      run: async ({ sessionId }) => reply(sessionId, await editor.navigate(sessionId, 'next')),
    }),
    defineCommand({
      name: 'back',
      description: 'Go back to the previous stage',
      available: ({ sessionId }) => stageOf(sessionId) > FIRST_STAGE,
      run: async ({ sessionId }) => reply(sessionId, await editor.navigate(sessionId, 'back')),
    }),
    defineCommand({
      name: 'stage',
      description: 'Go to a stage: 1 Slides, 2 Style, 3 Prompts, 4 Images, 5 Export',
      args: [{ name: 'n', description: 'Stage number, 1 to 5', required: true }],
      run: async ({ sessionId, args }) => {
        const stage = Number(args[0]);
        if (!args[0] || !Number.isInteger(stage)) throw new Error('Which stage? Type /stage 1 to /stage 5.');
        return reply(sessionId, await editor.navigate(sessionId, stage));
      },
    }),
    defineCommand({
      name: 'regen',
      description: 'Regenerate one item of this stage: /regen slide 2 (stage 1), /regen prompt 2 (stage 3), /regen image 2 (stage 4)',
      available: ({ sessionId }) => REGEN_STAGES.includes(stageOf(sessionId)),
      args: [
        { name: 'what', description: 'slide, prompt or image', required: true },
        { name: 'n', description: 'Slide number', required: true },
      ],
      run: async ({ sessionId, args }) => {
        const [what, n] = args;
        const target = REGEN_TARGETS[what?.toLowerCase() ?? ''];
        const slideIndex = Number(n);
        if (!target || !Number.isInteger(slideIndex)) throw new Error('Usage: /regen slide 2, /regen prompt 2 or /regen image 2.');
        const result = (await editor.runAction(sessionId, target, { slide_index: slideIndex })) as { done: string };
        const stage = editor.store.get(sessionId).stage;
        return reply(sessionId, `${result.done} (stage ${stage}, ${stageName(stage)})`);
      },
    }),
  ];
}

const REGEN_TARGETS: Record<string, string> = {
  slide: 'regenerate_slide',
  prompt: 'regenerate_prompt',
  image: 'regenerate_image',
};

/** Why a command is not offered in this stage, in the carousel's terms, before the SDK's list of those that are. */
export function unknownCommandReply(editor: CarouselEditor, unknown: UnknownCommand): string {
  const standard = standardReply(unknown);
  if (!unknown.unavailable) return standard;
  const stage = editor.store.get(unknown.sessionId).stage;
  const here = `stage ${stage} (${stageName(stage)})`;
  const reason: Record<string, string> = {
    next: `There is no stage after ${here}, so /next has nowhere to go.`,
    back: `There is no stage before ${here}, so /back has nowhere to go.`,
    regen: `There is nothing to regenerate one at a time in ${here}: /regen works in stages 1 (slides), 3 (prompts) and 4 (images).`,
  };
  const why = reason[unknown.name.toLowerCase()];
  return why ? standard.replace(`/${unknown.name} is not available here.`, why) : standard;
}
