import { escapeHtml } from './markdown.js';
import type { StudyState } from './study-state.js';
import type { DocumentSummary } from './study-types.js';

/** The MIME type <agent-chat> accepts on drop: the JSON of one item, which it attaches to the next message. */
export const CHAT_ITEM_TYPE = 'application/x-agent-chat-item';

/** A document as a chat attachment: its id and title only, so the agent reads it with readDocument (seed 004, 3.5). */
export function documentItem(doc: DocumentSummary) {
  return { id: doc.id, type: 'document', title: doc.title, data: { subject: doc.subject, pages: doc.pageCount } };
}

const CLIP_ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.3 3.3 0 014.7 4.7l-8.6 8.6a1.7 1.7 0 01-2.4-2.4l7.9-7.9"/></svg>';

/**
 * The library: click a document to open it; drag it onto the chat (or press its clip button) to attach it to the
 * next message.
 */
export function renderSidebar(root: HTMLElement, state: StudyState, attach: (doc: DocumentSummary) => void): void {
  const draw = () => {
    root.innerHTML = `<h2>Library</h2><ul class="documents">${state.library
      .map(
        (doc) => `<li class="document${doc.id === state.doc?.id ? ' current' : ''}" draggable="true" data-doc="${escapeHtml(doc.id)}" title="Drag into the chat to attach">
          <button class="open" type="button"><span class="doc-title">${escapeHtml(doc.title)}</span><span class="doc-meta">${escapeHtml(doc.subject)} · ${doc.pageCount} pages</span></button>
          <button class="attach" type="button" aria-label="Attach ${escapeHtml(doc.title)} to the chat" title="Attach to the chat">${CLIP_ICON}</button>
        </li>`,
      )
      .join('')}</ul><p class="hint">Drag a document into the chat to ask about it.</p>`;
  };
  const docOf = (target: EventTarget | null) => {
    const id = (target as HTMLElement | null)?.closest<HTMLElement>('[data-doc]')?.dataset.doc;
    return state.library.find((doc) => doc.id === id);
  };

  root.addEventListener('click', (event) => {
    const doc = docOf(event.target);
    if (!doc) return;
    if ((event.target as HTMLElement).closest('.attach')) attach(doc);
    else location.hash = `doc=${doc.id}&page=1`;
  });
  root.addEventListener('dragstart', (event) => {
    const doc = docOf(event.target);
    if (!doc || !event.dataTransfer) return;
    event.dataTransfer.setData(CHAT_ITEM_TYPE, JSON.stringify(documentItem(doc)));
    event.dataTransfer.setData('text/plain', doc.title);
    event.dataTransfer.effectAllowed = 'copy';
  });
  state.on('document', draw);
  draw();
}
