import { pageLayout } from './page-layout.js';
import type { StudyState } from './study-state.js';
import type { StudyPageContext } from './study-types.js';

const NOTES_EXCERPT = 300;

/**
 * What the agent is told of the page with every message: where the learner is and what they see. Notes and deck only
 * as an excerpt and a count: the agent reads them in full with readNotes and readFlashcards when it needs them.
 */
export function pageContext(state: StudyState, article: HTMLElement): StudyPageContext {
  const doc = state.doc;
  const notes = state.workspace.notes;
  return {
    learnerId: state.learnerId,
    document: { id: doc?.id ?? '', title: doc?.title ?? '', currentPage: state.page, totalPages: doc?.pages.length ?? 0 },
    visibleText: state.pageText,
    ...(state.selection ? { selectedText: state.selection } : {}),
    highlightsOnPage: state.workspace.highlights.filter((h) => h.pageNumber === state.page).map((h) => h.text),
    notesExcerpt: notes.length > NOTES_EXCERPT ? `${notes.slice(0, NOTES_EXCERPT)}…` : notes,
    flashcardDeck: { cards: state.workspace.flashcards.length },
    pageLayout: pageLayout(article),
  };
}
