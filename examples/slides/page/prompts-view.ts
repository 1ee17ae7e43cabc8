import { el } from './dom.js';
import type { EditorState } from './editor-state.js';
import { actionButton, emptyNote, stageHeader } from './view-parts.js';

/** Stage 3: an image prompt per slide, after the shared style prefix. */
export function promptsView(state: EditorState): HTMLElement {
  const { carousel } = state;
  const hasPrompts = carousel.slides.some((slide) => slide.imagePrompt);
  return el(
    'section',
    { class: 'stage-view' },
    stageHeader(state, actionButton(state, hasPrompts ? 'Rewrite all prompts' : 'Generate prompts', 'generate_prompts', { primary: true })),
    el('p', { class: 'muted' }, carousel.sharedPromptPrefix ? `Shared prefix: ${carousel.sharedPromptPrefix}` : 'No style selected yet (stage 2): prompts use a neutral style.'),
    carousel.slides.length
      ? el(
          'ol',
          { class: 'rows' },
          ...carousel.slides.map((slide, i) => {
            const n = i + 1;
            return el(
              'li',
              { class: `row${state.changed.has(n) ? ' flash' : ''}`, 'data-slide': n },
              el('span', { class: 'slide-number' }, String(n)),
              el('div', {}, el('strong', { class: 'slide-title' }, slide.title), el('p', { class: 'prompt' }, slide.imagePrompt || '—')),
              actionButton(state, '↻', 'regenerate_prompt', { input: { slide_index: n }, key: `regenerate_prompt:${n}`, title: `Regenerate prompt ${n}` }),
            );
          }),
        )
      : emptyNote('No slides yet: generate them in stage 1.'),
  );
}
