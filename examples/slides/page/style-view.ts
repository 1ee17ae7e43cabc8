import type { StyleProposal } from '../server/carousel.js';
import { el } from './dom.js';
import type { EditorState } from './editor-state.js';
import { actionButton, emptyNote, stageHeader } from './view-parts.js';

/** Stage 2: style proposals, each shown as a small sample of what a slide would look like. */
export function styleView(state: EditorState): HTMLElement {
  const { carousel } = state;
  return el(
    'section',
    { class: 'stage-view' },
    stageHeader(state, actionButton(state, carousel.styleProposals.length ? 'Propose other styles' : 'Propose styles', 'generate_style_proposals', { primary: true })),
    carousel.styleProposals.length
      ? el(
          'ol',
          { class: 'styles' },
          ...carousel.styleProposals.map((proposal) => {
            const selected = carousel.selectedStyle === proposal.index;
            return el(
              'li',
              {},
              el(
                'article',
                { class: 'style-card', 'data-style': proposal.index, 'aria-selected': selected ? 'true' : 'false' },
                stylePreview(proposal, carousel.slides[0]?.title ?? 'Your carousel'),
                el('h3', {}, `${proposal.index}. ${proposal.name}`),
                el('p', { class: 'muted' }, proposal.description),
                selected
                  ? el('span', { class: 'selected-badge' }, '✓ Selected')
                  : actionButton(state, 'Select', 'select_style', { input: { style_index: proposal.index }, key: `select_style:${proposal.index}` }),
              ),
            );
          }),
        )
      : emptyNote('No proposals yet.'),
  );
}

export function stylePreview(proposal: StyleProposal, title: string): HTMLElement {
  const { background, text, accent } = proposal.palette;
  return el(
    'div',
    { class: `style-preview font-${proposal.font}`, style: `background:${background};color:${text};border-color:${accent}` },
    el('span', { class: 'style-accent', style: `background:${accent}` }),
    title,
  );
}
