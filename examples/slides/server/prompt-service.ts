import { slideAt, type Carousel, type Slide } from './carousel.js';
import { keywords } from './text.js';

/** Stage 3: one image prompt per slide, all starting with the selected style's shared prefix. */

function subjectOf(slide: Slide): string {
  const words = keywords(`${slide.title} ${slide.body}`, 3);
  return words.length ? `an illustration of ${words.join(', ')}` : 'an abstract illustration';
}

function composePrompt(carousel: Carousel, slide: Slide, extra = ''): string {
  const prefix = carousel.sharedPromptPrefix || 'Clean flat illustration';
  return [prefix, subjectOf(slide), extra.trim(), 'no text in the image'].filter(Boolean).join('; ');
}

export function generatePrompts(carousel: Carousel) {
  if (carousel.slides.length === 0) throw new Error('There are no slides yet: generate slides in stage 1 first.');
  for (const slide of carousel.slides) slide.imagePrompt = composePrompt(carousel, slide);
  return {
    done: `Wrote ${carousel.slides.length} image prompts${carousel.selectedStyle ? '' : ' (no style selected yet: a neutral style was used)'}.`,
    prompts: carousel.slides.map((slide, i) => ({ index: i + 1, prompt: slide.imagePrompt })),
  };
}

/** The instruction's words become part of the prompt (a mood, a subject, a composition). */
export function regeneratePrompt(carousel: Carousel, slideNumber: number, instruction = '') {
  const slide = slideAt(carousel, slideNumber);
  const before = slide.imagePrompt;
  const variation = instruction.trim() || (before.includes('close-up') ? 'wide shot' : 'close-up');
  slide.imagePrompt = composePrompt(carousel, slide, variation);
  return { done: `Prompt ${slideNumber} regenerated.`, slide_index: slideNumber, before, after: slide.imagePrompt };
}

export function updatePrompt(carousel: Carousel, slideNumber: number, prompt: string) {
  const slide = slideAt(carousel, slideNumber);
  if (!prompt.trim()) throw new Error('The prompt must not be empty.');
  slide.imagePrompt = prompt.trim();
  return { done: `Prompt ${slideNumber} updated.`, slide_index: slideNumber, prompt: slide.imagePrompt };
}
