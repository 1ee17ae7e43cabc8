import { renderMarkdown } from './markdown.js';
import type { StudyState } from './study-state.js';
import type { Bounds, Highlight } from './study-types.js';
import { markText } from './text-marks.js';

/** What the learner does in the reader that the page reports to the agent (seed 004's pageChange, highlightCreated). */
export interface ReaderEvents {
  /** The learner turned the page with the pager, after `msOnPage` on the page they leave. */
  onTurn(fromPage: number, toPage: number, msOnPage: number): void;
  /** The learner highlighted the selected words. */
  onHighlight(highlight: Highlight): void;
}

export interface ReaderView {
  /** The page's text area: what the page layout is measured against. */
  readonly article: HTMLElement;
  /** Frame an area of the page on screen (highlightArea); it stays until the page or the document changes. */
  showArea(bounds: Bounds, label: string | undefined): void;
}

/**
 * The document reader: one page at a time, with the learner's highlights, page buttons, the current selection (which
 * the learner may highlight) and the agent's area boxes. The selection is kept when focus moves to the chat (so
 * "explain this" still knows what "this" is) and cleared by a click in the page or by turning it.
 */
export function renderReader(root: HTMLElement, state: StudyState, events: ReaderEvents): ReaderView {
  root.innerHTML = `
    <header class="reader-head">
      <div><h2 class="doc-title"></h2><span class="doc-subject"></span></div>
      <nav class="pager" aria-label="Pages">
        <button type="button" class="prev" aria-label="Previous page">‹</button>
        <span class="page-number" aria-live="polite"></span>
        <button type="button" class="next" aria-label="Next page">›</button>
      </nav>
    </header>
    <div class="page-area">
      <article class="page-text" tabindex="0"></article>
      <div class="area-box" hidden><span class="area-label"></span></div>
    </div>
    <div class="selection" hidden><span class="label">Selected</span> <q></q>
      <button type="button" class="highlight">Highlight</button>
      <button type="button" class="clear" aria-label="Clear the selection">✕</button></div>`;
  const article = root.querySelector<HTMLElement>('.page-text')!;
  const areaBox = root.querySelector<HTMLElement>('.area-box')!;
  const selectionBar = root.querySelector<HTMLElement>('.selection')!;
  // The page on screen and since when: a turn reports how long the learner stayed.
  let shown = { documentId: '', page: 0, since: Date.now() };
  let area: { documentId: string; page: number; bounds: Bounds; label: string | undefined } | undefined;

  const drawArea = () => {
    const here = area && area.documentId === state.doc?.id && area.page === state.page ? area : undefined;
    areaBox.hidden = !here;
    if (!here) return;
    const { x, y, width, height } = here.bounds;
    Object.assign(areaBox.style, { left: `${x * 100}%`, top: `${y * 100}%`, width: `${width * 100}%`, height: `${height * 100}%` });
    const label = areaBox.querySelector<HTMLElement>('.area-label')!;
    label.textContent = here.label ?? '';
    label.hidden = !here.label;
  };
  const drawPage = () => {
    const doc = state.doc;
    if (!doc) return;
    if (shown.documentId !== doc.id || shown.page !== state.page) shown = { documentId: doc.id, page: state.page, since: Date.now() };
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
    drawArea();
  };
  const drawSelection = () => {
    selectionBar.hidden = !state.selection;
    selectionBar.querySelector('q')!.textContent = state.selection.length > 160 ? `${state.selection.slice(0, 160)}…` : state.selection;
  };
  const turn = (by: number) => {
    const from = state.page;
    const msOnPage = Date.now() - shown.since;
    setHash(state.doc?.id, from + by);
    events.onTurn(from, from + by, msOnPage);
  };

  root.querySelector('.prev')!.addEventListener('click', () => turn(-1));
  root.querySelector('.next')!.addEventListener('click', () => turn(1));
  root.querySelector('.clear')!.addEventListener('click', () => {
    getSelection()?.removeAllRanges();
    state.select('');
  });
  root.querySelector('.highlight')!.addEventListener('click', async () => {
    const text = state.selection;
    if (!text || !state.doc) return;
    const highlight: Highlight = { id: `hl-${crypto.randomUUID().slice(0, 8)}`, pageNumber: state.page, text, color: 'yellow' };
    getSelection()?.removeAllRanges();
    state.select('');
    await state.update({ highlights: [...state.workspace.highlights, highlight] });
    events.onHighlight(highlight);
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

  return {
    article,
    showArea(bounds, label) {
      if (!state.doc) return;
      area = { documentId: state.doc.id, page: state.page, bounds, label };
      drawArea();
      areaBox.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  };
}

/** Pages are addressed by the URL hash (#doc=…&page=…), so the agent's links open them too. */
export function setHash(documentId: string | undefined, page: number): void {
  if (documentId) location.hash = `doc=${encodeURIComponent(documentId)}&page=${page}`;
}

export function readHash(): { documentId: string | undefined; page: number } {
  const params = new URLSearchParams(location.hash.slice(1));
  return { documentId: params.get('doc') ?? undefined, page: Number(params.get('page') ?? 1) || 1 };
}
