import { slideAt, type Carousel, type Slide, type SlideImage } from './carousel.js';
import { hashText } from './text.js';

/**
 * Stage 4: images. Offline there is no image model, so an "image" is a deterministic placeholder derived from
 * the prompt (a hue and a motif the page draws); an image model would slot in here and nowhere else.
 */

const MOTIFS: readonly SlideImage['motif'][] = ['circles', 'stripes', 'grid', 'waves'];

function render(prompt: string, variant: number): SlideImage {
  const hash = hashText(`${prompt}#${variant}`);
  return { variant, hue: hash % 360, motif: MOTIFS[(hash >>> 9) % MOTIFS.length]!, prompt };
}

function promptOf(slide: Slide, slideNumber: number): string {
  if (!slide.imagePrompt) throw new Error(`Slide ${slideNumber} has no image prompt: generate prompts in stage 3 first.`);
  return slide.imagePrompt;
}

export function generateImages(carousel: Carousel) {
  if (carousel.slides.length === 0) throw new Error('There are no slides yet: generate slides in stage 1 first.');
  const prompts = carousel.slides.map((slide, i) => promptOf(slide, i + 1));
  carousel.slides.forEach((slide, i) => (slide.image = render(prompts[i]!, 1)));
  return { done: `Generated ${carousel.slides.length} images.` };
}

export function regenerateImage(carousel: Carousel, slideNumber: number) {
  const slide = slideAt(carousel, slideNumber);
  const prompt = promptOf(slide, slideNumber);
  slide.image = render(prompt, (slide.image?.variant ?? 0) + 1);
  return { done: `Image ${slideNumber} regenerated (variant ${slide.image.variant}).`, slide_index: slideNumber };
}
