import { appClient } from './app-client.js';
import { el } from './dom.js';
import type { EditorState } from './editor-state.js';
import { placeholderImage } from './placeholder-image.js';
import { actionButton, stageHeader } from './view-parts.js';

/** Stage 5: the slides as they will look, each in its applied style, and the export. */
export function exportView(state: EditorState): HTMLElement {
  const { carousel } = state;
  return el(
    'section',
    { class: 'stage-view' },
    stageHeader(state, actionButton(state, 'Apply styles', 'apply_styles'), actionButton(state, 'Export', 'export_carousel', { primary: true })),
    carousel.exportedAt
      ? el(
          'p',
          { class: 'export-ready' },
          `Exported ${new Date(carousel.exportedAt).toLocaleTimeString()}: `,
          el('a', { href: appClient.exportUrl(carousel.id), download: `carousel-${carousel.id}.md` }, 'download the Markdown'),
        )
      : null,
    el(
      'ol',
      { class: 'finals', lang: carousel.language },
      ...carousel.slides.map((slide, i) => {
        const style = carousel.styleProposals.find((proposal) => proposal.index === slide.styleIndex);
        const look = style ? `background:${style.palette.background};color:${style.palette.text};border-color:${style.palette.accent}` : '';
        return el(
          'li',
          {},
          el(
            'article',
            { class: `final${style ? ` font-${style.font}` : ' unstyled'}${state.changed.has(i + 1) ? ' flash' : ''}`, style: look, 'data-slide': i + 1 },
            slide.image ? placeholderImage(slide.image) : null,
            el('h3', { class: 'slide-title' }, slide.title),
            el('p', { class: 'slide-body' }, slide.body),
            el('span', { class: 'muted small' }, style ? style.name : 'No style applied'),
          ),
        );
      }),
    ),
  );
}
