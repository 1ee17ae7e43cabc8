import { slideAt, type Carousel, type Slide } from './carousel.js';
import { pause, type ServiceContext } from './service-context.js';
import { rewriteSlide, slideFrom, type SlideText } from './slide-rewrite.js';
import { sentences } from './text.js';

/** Stage 1: the draft becomes slide texts. The deterministic stand-in for seed 000's `stage1_service`. */

const MAX_SLIDES = 8;

function blankSlide(text: SlideText): Slide {
  return { ...text, imagePrompt: '', image: null, styleIndex: null };
}

/** One slide per paragraph of the draft (per sentence when it has fewer than three paragraphs). */
export function generateSlides(carousel: Carousel) {
  const paragraphs = carousel.draft.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  const units = paragraphs.length >= 3 ? paragraphs : sentences(carousel.draft);
  if (units.length === 0) throw new Error('The draft is empty: write a draft first.');
  carousel.slides = units.slice(0, MAX_SLIDES).map((unit) => blankSlide(slideFrom(unit)));
  // New texts make everything derived from the old ones stale.
  carousel.exportedAt = null;
  return { done: `Generated ${carousel.slides.length} slides from the draft.`, slides: carousel.slides.map(({ title }, i) => ({ index: i + 1, title })) };
}

export function regenerateSlide(carousel: Carousel, slideNumber: number, instruction = '') {
  const slide = slideAt(carousel, slideNumber);
  const before = { title: slide.title, body: slide.body };
  const { intent, ...after } = rewriteSlide(carousel, slideNumber - 1, instruction);
  Object.assign(slide, after);
  return { done: `Slide ${slideNumber} regenerated.`, slide_index: slideNumber, approach: intent, before, after };
}

export function updateSlide(carousel: Carousel, slideNumber: number, text: { title?: string | undefined; body?: string | undefined }) {
  const slide = slideAt(carousel, slideNumber);
  if (text.title === undefined && text.body === undefined) throw new Error('Give a new title, a new body, or both.');
  if (text.title !== undefined) slide.title = text.title.trim();
  if (text.body !== undefined) slide.body = text.body.trim();
  return { done: `Slide ${slideNumber} updated.`, slide_index: slideNumber, title: slide.title, body: slide.body };
}

/**
 * Rewrite every slide, one at a time, saving after each: the demo's deliberately slow step (seed §3.7: the page
 * must stay usable while it runs). Stopping the agent ends it after the slide in progress.
 */
export async function regenerateAllSlides(carousel: Carousel, instruction: string, ctx: ServiceContext) {
  if (carousel.slides.length === 0) throw new Error('There are no slides yet: generate slides first.');
  const changed: { slide_index: number; title: string }[] = [];
  for (let i = 0; i < carousel.slides.length; i++) {
    if (ctx.signal.aborted) break;
    ctx.status(`Rewriting slide ${i + 1} of ${carousel.slides.length}…`);
    await pause(ctx.slowStepMs, ctx.signal);
    const { intent: _intent, ...after } = rewriteSlide(carousel, i, instruction);
    Object.assign(carousel.slides[i]!, after);
    changed.push({ slide_index: i + 1, title: after.title });
    await ctx.save();
  }
  const all = changed.length === carousel.slides.length;
  return {
    done: all ? `All ${changed.length} slides regenerated.` : `Stopped after ${changed.length} of ${carousel.slides.length} slides.`,
    slides: changed,
  };
}
