import { defineCommand } from '@agent-chat/server';
import { stageName } from './carousel.js';
import type { CarouselEditor } from './carousel-editor.js';

/**
 * Seed 000 §4.2.9: slash commands, the fast path that never reaches the model. Each answers with a line for
 * the chat and the carousel, which the element hands to the page as a state change.
 */
export function slideCommands(editor: CarouselEditor) {
  const reply = (sessionId: string, text: string) => ({ text, state: editor.store.snapshot(sessionId) });

  return [
    defineCommand({
      name: 'next',
      description: 'Go to the next stage',
      run: async ({ sessionId }) => reply(sessionId, await editor.navigate(sessionId, 'next')),
    }),
    defineCommand({
      name: 'back',
      description: 'Go back to the previous stage',
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
