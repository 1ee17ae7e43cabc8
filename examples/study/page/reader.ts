import { renderMarkdown } from './markdown.js';
import type { StudyState } from './study-state.js';
import { markText } from './text-marks.js';

/**
 * The document reader: one page at a time, with the learner's highlights, page buttons and the current selection.
 * The selection is kept when focus moves to the chat (so "explain this" still knows what "this" is) and cleared
 * by a click in the page or by turning it.
 */
export function renderReader(root: HTMLElement, state: StudyState): void {
  root.innerHTML = `
    <header class="reader-head">
      <div><h2 class="doc-title"></h2><span class="doc-subject"></span></div>
      <nav class="pager" aria-label="Pages">
        <button type="button" class="prev" aria-label="Previous page">‹</button>
        <span class="page-number" aria-live="polite"></span>
        <button type="button" class="next" aria-label="Next page">›</button>
      </nav>
    </header>
    <article class="page-text" tabindex="0"></article>
    <div class="selection" hidden><span class="label">Selected</span> <q></q> <button type="button" class="clear" aria-label="Clear the selection">✕</button></div>`;
  const article = root.querySelector<HTMLElement>('.page-text')!;
  const selectionBar = root.querySelector<HTMLElement>('.selection')!;

  const drawPage = () => {
    const doc = state.doc;
    if (!doc) return;
    root.querySelector('.doc-title')!.textContent = doc.title;
    root.querySelector('.doc-subject')!.textContent = doc.subject;
    root.querySelector('.page-number')!.textContent = `Page ${state.page} of ${doc.pages.length}`;
    root.querySelector<HTMLButtonElement>('.prev')!.disabled = state.page <= 1;
    root.querySelector<HTMLButtonElement>('.next')!.disabled = state.page >= doc.pages.length;
    article.innerHTML = renderMarkdown(state.pageText);
    for (const highlight of state.workspace.highlights.filter((h) => h.pageNumber === state.page)) {
      markText(article, highlight.text, () => {
        const mark = document.createElement('mark');
        mark.className = `hl-${highlight.color}`;
        mark.dataset.highlight = highlight.id;
        if (highlight.comment) mark.title = highlight.comment;
        return mark;
      });
    }
  };
  const drawSelection = () => {
    selectionBar.hidden = !state.selection;
    selectionBar.querySelector('q')!.textContent = state.selection.length > 160 ? `${state.selection.slice(0, 160)}…` : state.selection;
  };

  root.querySelector('.prev')!.addEventListener('click', () => setHash(state.doc?.id, state.page - 1));
  root.querySelector('.next')!.addEventListener('click', () => setHash(state.doc?.id, state.page + 1));
  root.querySelector('.clear')!.addEventListener('click', () => {
    getSelection()?.removeAllRanges();
    state.select('');
  });
  document.addEventListener('selectionchange', () => {
    const selection = getSelection();
    if (!selection || !selection.anchorNode || !article.contains(selection.anchorNode)) return;
    state.select(selection.isCollapsed ? '' : selection.toString().replace(/\s+/g, ' ').trim());
  });

  state.on('document', drawPage);
  state.on('page', drawPage);
  state.on('workspace', drawPage);
  state.on('selection', drawSelection);
  drawPage();
  drawSelection();
}

/** Pages are addressed by the URL hash (#doc=…&page=…), so the agent's links open them too. */
export function setHash(documentId: string | undefined, page: number): void {
  if (documentId) location.hash = `doc=${encodeURIComponent(documentId)}&page=${page}`;
}

export function readHash(): { documentId: string | undefined; page: number } {
  const params = new URLSearchParams(location.hash.slice(1));
  return { documentId: params.get('doc') ?? undefined, page: Number(params.get('page') ?? 1) || 1 };
}
