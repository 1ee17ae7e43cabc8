import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import { slideAt, stageName, type Carousel } from './carousel.js';
import type { CarouselStore } from './carousel-store.js';
import { actionsOfStage } from './stage-actions.js';

/** Seed 000 §3.2.1 and §4.2.7: read tools, offered in every stage; they never change the carousel. */
export function readTools(store: CarouselStore) {
  const carousel = (sessionId: string): Carousel => store.get(sessionId);
  const styleName = (c: Carousel, index: number | null) => c.styleProposals.find((p) => p.index === index)?.name ?? null;

  return [
    defineTool({
      name: 'get_slide',
      description: 'Get the full content of one slide: title, body, image prompt, whether it has an image, its style.',
      input: z.object({ slide_index: z.number().int().min(1).describe('1-based slide number (1 for slide 1)') }),
      label: 'Reading slide {slide_index}',
      execute: ({ slide_index }, { sessionId }) => {
        const c = carousel(sessionId);
        const slide = slideAt(c, slide_index);
        return {
          index: slide_index,
          title: slide.title,
          body: slide.body,
          image_prompt: slide.imagePrompt,
          has_image: slide.image !== null,
          style: styleName(c, slide.styleIndex),
        };
      },
    }),
    defineTool({
      name: 'get_all_slides',
      description: 'Get a summary of all slides: index, title and body.',
      input: z.object({}),
      label: 'Reading all slides',
      execute: (_, { sessionId }) => ({
        slides: carousel(sessionId).slides.map((slide, i) => ({ index: i + 1, title: slide.title, body: slide.body })),
      }),
    }),
    defineTool({
      name: 'get_draft',
      description: 'Get the original draft text the user wrote, which the slides are made from.',
      input: z.object({}),
      label: 'Reading the draft',
      execute: (_, { sessionId }) => ({ draft_text: carousel(sessionId).draft }),
    }),
    defineTool({
      name: 'get_session_info',
      description: 'Get the session: current stage, number of slides, language, shared style prefix, and the actions this stage allows.',
      input: z.object({}),
      label: 'Checking the session',
      execute: (_, { sessionId }) => {
        const c = carousel(sessionId);
        return {
          current_stage: c.stage,
          stage_name: stageName(c.stage),
          num_slides: c.slides.length,
          language: c.language,
          shared_prompt_prefix: c.sharedPromptPrefix,
          selected_style: styleName(c, c.selectedStyle),
          actions_in_this_stage: actionsOfStage(c.stage).map((action) => action.name),
        };
      },
    }),
    defineTool({
      name: 'get_style_proposals',
      description: 'Get the style proposals (made in stage 2) with their descriptions, and which one is selected.',
      input: z.object({}),
      label: 'Reading style proposals',
      execute: (_, { sessionId }) => {
        const c = carousel(sessionId);
        return {
          proposals: c.styleProposals.map(({ index, name, description }) => ({ index, name, description })),
          selected_index: c.selectedStyle,
        };
      },
    }),
  ];
}
