import { el } from './dom.js';
import type { EditorState } from './editor-state.js';
import { placeholderImage } from './placeholder-image.js';
import { actionButton, emptyNote, stageHeader } from './view-parts.js';

/** Stage 4: an image per slide (offline placeholders drawn from the image service's choices). */
export function imagesView(state: EditorState): HTMLElement {
  const { carousel } = state;
  return el(
    'section',
    { class: 'stage-view' },
    stageHeader(state, actionButton(state, 'Generate images', 'generate_images', { primary: true })),
    carousel.slides.length
      ? el(
          'ol',
          { class: 'thumbs' },
          ...carousel.slides.map((slide, i) => {
            const n = i + 1;
            const stale = slide.image && slide.image.prompt !== slide.imagePrompt;
            return el(
              'li',
              { class: `thumb${state.changed.has(n) ? ' flash' : ''}`, 'data-slide': n },
              slide.image ? placeholderImage(slide.image) : el('div', { class: 'no-image' }, slide.imagePrompt ? 'No image yet' : 'No prompt yet'),
              el('div', { class: 'thumb-caption' }, el('span', { class: 'slide-number' }, String(n)), el('span', { class: 'slide-title' }, slide.title)),
              stale ? el('p', { class: 'muted small' }, 'The prompt changed since: regenerate to match.') : null,
              actionButton(state, '↻ New image', 'regenerate_image', { input: { slide_index: n }, key: `regenerate_image:${n}` }),
            );
          }),
        )
      : emptyNote('No slides yet: generate them in stage 1.'),
  );
}
