import { z } from 'zod';
import type { Carousel, Stage } from './carousel.js';
import { generateImages, regenerateImage } from './image-service.js';
import { exportCarousel } from './export-service.js';
import { generatePrompts, regeneratePrompt, updatePrompt } from './prompt-service.js';
import type { ServiceContext } from './service-context.js';
import { generateSlides, regenerateAllSlides, regenerateSlide, updateSlide } from './slides-service.js';
import { applyStyles, generateStyleProposals, selectStyle, updateSlideStyle } from './style-service.js';

/**
 * Seed 000 §3.1: what each stage allows. One table serves the agent's write tools, the slash commands and the
 * page's own buttons, so the three can never disagree about what a stage allows.
 */
export interface StageAction {
  name: string;
  stage: Stage;
  description: string;
  input: z.ZodObject;
  /** The chip's text, a template over the input ("Rewriting slide {slide_index}"). */
  label: string;
  /** Runs the stage service on the carousel; the input is checked against `input` first. */
  run(carousel: Carousel, input: unknown, ctx: ServiceContext): unknown;
}

function action<S extends z.ZodObject>(definition: Omit<StageAction, 'run' | 'input'> & {
  input: S;
  run(carousel: Carousel, input: z.infer<S>, ctx: ServiceContext): unknown;
}): StageAction {
  return { ...definition, run: (carousel, input, ctx) => definition.run(carousel, definition.input.parse(input), ctx) };
}

const slideIndex = z.number().int().min(1).describe('1-based slide number (1 for the first slide)');
const instruction = z.string().max(2000).optional().describe('What to change, e.g. "less formal", "cover a different angle than slide 1"');
const noInput = z.object({});

export const STAGE_ACTIONS: readonly StageAction[] = [
  action({
    name: 'generate_slides',
    stage: 1,
    description: 'Generate all slide texts from the draft, replacing the current slides.',
    input: noInput,
    label: 'Generating slides from the draft',
    run: (carousel) => generateSlides(carousel),
  }),
  action({
    name: 'regenerate_slide',
    stage: 1,
    description:
      "Rewrite one slide's title and body with the slide service, which knows the draft and the other slides. Give a precise instruction; do not write the new text yourself.",
    input: z.object({ slide_index: slideIndex, instruction }),
    label: 'Rewriting slide {slide_index}',
    run: (carousel, { slide_index, instruction }) => regenerateSlide(carousel, slide_index, instruction),
  }),
  action({
    name: 'update_slide',
    stage: 1,
    description: "Set a slide's title and/or body to the exact text the user gave.",
    input: z.object({ slide_index: slideIndex, title: z.string().max(200).optional(), body: z.string().max(2000).optional() }),
    label: 'Updating slide {slide_index}',
    run: (carousel, { slide_index, title, body }) => updateSlide(carousel, slide_index, { title, body }),
  }),
  action({
    name: 'regenerate_all_slides',
    stage: 1,
    description: 'Rewrite every slide with the same instruction, one slide at a time. Slow: takes a few seconds per slide.',
    input: z.object({ instruction }),
    label: 'Rewriting all slides',
    run: (carousel, { instruction }, ctx) => regenerateAllSlides(carousel, instruction ?? '', ctx),
  }),
  action({
    name: 'generate_style_proposals',
    stage: 2,
    description: 'Propose three visual styles for the carousel (replaces the current proposals).',
    input: noInput,
    label: 'Proposing styles',
    run: (carousel) => generateStyleProposals(carousel),
  }),
  action({
    name: 'select_style',
    stage: 2,
    description: 'Select one of the style proposals by its number.',
    input: z.object({ style_index: z.number().int().min(1).describe('1-based style proposal number') }),
    label: 'Selecting style {style_index}',
    run: (carousel, { style_index }) => selectStyle(carousel, style_index),
  }),
  action({
    name: 'generate_prompts',
    stage: 3,
    description: 'Write an image prompt for every slide from its text and the selected style.',
    input: noInput,
    label: 'Writing image prompts',
    run: (carousel) => generatePrompts(carousel),
  }),
  action({
    name: 'regenerate_prompt',
    stage: 3,
    description: "Rewrite one slide's image prompt, following the instruction (a mood, a subject, a composition).",
    input: z.object({ slide_index: slideIndex, instruction }),
    label: 'Rewriting prompt {slide_index}',
    run: (carousel, { slide_index, instruction }) => regeneratePrompt(carousel, slide_index, instruction),
  }),
  action({
    name: 'update_prompt',
    stage: 3,
    description: "Set a slide's image prompt to the exact text the user gave.",
    input: z.object({ slide_index: slideIndex, prompt: z.string().min(1).max(2000) }),
    label: 'Updating prompt {slide_index}',
    run: (carousel, { slide_index, prompt }) => updatePrompt(carousel, slide_index, prompt),
  }),
  action({
    name: 'generate_images',
    stage: 4,
    description: 'Generate an image for every slide from its prompt.',
    input: noInput,
    label: 'Generating images',
    run: (carousel) => generateImages(carousel),
  }),
  action({
    name: 'regenerate_image',
    stage: 4,
    description: "Generate a new image for one slide from its prompt.",
    input: z.object({ slide_index: slideIndex }),
    label: 'Regenerating image {slide_index}',
    run: (carousel, { slide_index }) => regenerateImage(carousel, slide_index),
  }),
  action({
    name: 'apply_styles',
    stage: 5,
    description: 'Apply the selected style to every slide.',
    input: noInput,
    label: 'Applying styles',
    run: (carousel) => applyStyles(carousel),
  }),
  action({
    name: 'update_slide_style',
    stage: 5,
    description: 'Give one slide a different style proposal than the rest.',
    input: z.object({ slide_index: slideIndex, style_index: z.number().int().min(1).describe('1-based style proposal number') }),
    label: 'Restyling slide {slide_index}',
    run: (carousel, { slide_index, style_index }) => updateSlideStyle(carousel, slide_index, style_index),
  }),
  action({
    name: 'export_carousel',
    stage: 5,
    description: 'Export the finished carousel as a document the user can download.',
    input: noInput,
    label: 'Exporting the carousel',
    run: (carousel) => exportCarousel(carousel),
  }),
];

export function stageAction(name: string): StageAction | undefined {
  return STAGE_ACTIONS.find((candidate) => candidate.name === name);
}

export function actionsOfStage(stage: Stage): StageAction[] {
  return STAGE_ACTIONS.filter((candidate) => candidate.stage === stage);
}
