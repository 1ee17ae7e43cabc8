import { el } from './dom.js';
import type { EditorState } from './editor-state.js';
import { actionButton, emptyNote, stageHeader } from './view-parts.js';

/** Stage 1: the draft and the slide texts made from it. Clicking a slide selects it (the agent is told). */
export function slidesView(state: EditorState): HTMLElement {
  const { carousel } = state;
  const draft = el('textarea', { id: 'draft', rows: 8, 'aria-label': 'Draft' });
  draft.value = state.draftEdit ?? carousel.draft;
  draft.addEventListener('input', () => (state.draftEdit = draft.value));
  const details = el('details', { class: 'draft', open: state.draftOpen }, el('summary', {}, 'Draft'), draft, el('button', { type: 'button', onclick: () => void state.saveDraft(draft.value) }, 'Save draft'));
  details.addEventListener('toggle', () => (state.draftOpen = details.open));
  return el(
    'section',
    { class: 'stage-view' },
    stageHeader(state, actionButton(state, 'Generate slides', 'generate_slides', { primary: true, title: 'Replace the slides with ones made from the draft' })),
    details,
    carousel.slides.length
      ? el(
          'ol',
          // The slides' own language (the settings), for hyphenation and screen readers; the page around them is English.
          { class: 'slides', lang: carousel.language },
          ...carousel.slides.map((slide, i) => {
            const n = i + 1;
            const key = `regenerate_slide:${n}`;
            return el(
              'li',
              {},
              el(
                'article',
                {
                  class: `slide${state.changed.has(n) ? ' flash' : ''}`,
                  'data-slide': n,
                  'aria-selected': state.selectedSlide === n ? 'true' : 'false',
                  'aria-busy': state.running.has(key) ? 'true' : undefined,
                  tabindex: 0,
                  onclick: (event) => {
                    if (!(event.target as Element).closest('button')) state.select(state.selectedSlide === n ? null : n);
                  },
                },
                el(
                  'div',
                  { class: 'slide-top' },
                  el('span', { class: 'slide-number' }, String(n)),
                  actionButton(state, '↻', 'regenerate_slide', { input: { slide_index: n }, key, title: `Regenerate slide ${n}` }),
                ),
                el('h3', { class: 'slide-title' }, slide.title),
                el('p', { class: 'slide-body' }, slide.body),
              ),
            );
          }),
        )
      : emptyNote('No slides yet: write a draft and generate slides.'),
  );
}
