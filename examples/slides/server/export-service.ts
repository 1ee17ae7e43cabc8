import type { Carousel } from './carousel.js';
import { languageOf } from './languages.js';

/** Stage 5: the carousel as a Markdown document, what the seed's export hands to the user. */

export function exportCarousel(carousel: Carousel) {
  if (carousel.slides.length === 0) throw new Error('There is nothing to export: generate slides first.');
  carousel.exportedAt = new Date().toISOString();
  return {
    done: `Exported ${carousel.slides.length} slides.`,
    download: `/slides/api/carousels/${carousel.id}/export`,
    missing_images: carousel.slides.filter((slide) => !slide.image).length,
  };
}

export function carouselMarkdown(carousel: Carousel): string {
  const style = carousel.styleProposals.find((proposal) => proposal.index === carousel.selectedStyle);
  const lines = [`# Carousel ${carousel.id}`, '', `Language: ${languageOf(carousel.language).name}`, `Style: ${style ? style.name : 'none selected'}`, ''];
  carousel.slides.forEach((slide, i) => {
    lines.push(`## ${i + 1}. ${slide.title}`, '', slide.body, '');
    if (slide.imagePrompt) lines.push(`Image prompt: ${slide.imagePrompt}`, '');
  });
  return lines.join('\n');
}
