import type { DeckPanel } from './deck-panel.js';
import { applyUniqueEdit } from './notes-edit.js';
import type { NotesPanel } from './notes-panel.js';
import { blocksUnder, pageLayout } from './page-layout.js';
import { setHash, type ReaderView } from './reader.js';
import type { StudyState } from './study-state.js';
import type { Bounds, Flashcard, Highlight, HighlightColor } from './study-types.js';
import { visibleText } from './text-marks.js';
import { renderMarkdown } from './markdown.js';

type Input = Record<string, unknown>;

// The agent's write and navigate tools, run by the page (the `client` tools of server/page-tools.ts). Each one
// changes the page's state, waits until it is saved, and returns what the agent needs to go on; a failure throws an
// Error whose message tells the agent how to correct the call.

const str = (input: Input, key: string): string | undefined => (typeof input[key] === 'string' ? (input[key] as string) : undefined);
const int = (input: Input, key: string): number | undefined => (typeof input[key] === 'number' ? Math.trunc(input[key] as number) : undefined);

export function studyPageTools(state: StudyState, panels: { notes: NotesPanel; deck: DeckPanel; reader: ReaderView }) {
  const openDoc = () => {
    if (!state.doc) throw new Error('No document is open in the reader.');
    return state.doc;
  };
  const findCard = (cardId: string | undefined): Flashcard => {
    const card = state.workspace.flashcards.find((c) => c.id === cardId);
    if (!card) {
      const ids = state.workspace.flashcards.map((c) => `${c.id} (${c.term})`).join(', ') || 'the deck is empty';
      throw new Error(`No flashcard with id "${cardId}" in the deck of "${openDoc().title}". Cards: ${ids}.`);
    }
    return card;
  };

  return {
    async createFlashcard(input: Input) {
      openDoc();
      const term = str(input, 'term')?.trim() ?? '';
      const definition = str(input, 'definition')?.trim() ?? '';
      if (!term || !definition) throw new Error('A flashcard needs both a term and a definition.');
      const twin = state.workspace.flashcards.find((c) => c.term.toLowerCase() === term.toLowerCase());
      if (twin) throw new Error(`The deck already has a card for "${term}" (id ${twin.id}); use updateFlashcard to change it.`);
      const pageNumber = int(input, 'sourcePageNumber');
      const card: Flashcard = { id: `card-${crypto.randomUUID().slice(0, 8)}`, term, definition, createdAt: Date.now(), ...(pageNumber ? { sourcePageNumber: pageNumber } : {}) };
      await state.update({ flashcards: [...state.workspace.flashcards, card] });
      panels.deck.flash(card.id);
      return { id: card.id, term: card.term, definition: card.definition, deckSize: state.workspace.flashcards.length };
    },

    async updateFlashcard(input: Input) {
      const card = findCard(str(input, 'cardId'));
      const updated = { ...card, term: str(input, 'term')?.trim() || card.term, definition: str(input, 'definition')?.trim() || card.definition };
      await state.update({ flashcards: state.workspace.flashcards.map((c) => (c.id === card.id ? updated : c)) });
      panels.deck.flash(card.id);
      return { id: updated.id, term: updated.term, definition: updated.definition };
    },

    async deleteFlashcard(input: Input) {
      const card = findCard(str(input, 'cardId'));
      await state.update({ flashcards: state.workspace.flashcards.filter((c) => c.id !== card.id) });
      return `Deleted the card "${card.term}". ${state.workspace.flashcards.length} cards left.`;
    },

    async editNotes(input: Input) {
      openDoc();
      const edit = applyUniqueEdit(state.workspace.notes, str(input, 'textToReplace') ?? '', str(input, 'newText') ?? '');
      await state.update({ notes: edit.notes });
      panels.notes.flash(edit.from, edit.to);
      const around = edit.notes.slice(Math.max(0, edit.from - 60), Math.min(edit.notes.length, edit.to + 60));
      return `Replaced. The notes around the change now read: …${around}…`;
    },

    async rewriteNotes(input: Input) {
      openDoc();
      const notes = str(input, 'newContent') ?? '';
      await state.update({ notes });
      panels.notes.flash(0, notes.length);
      return `The notes were replaced (${notes.length} characters).`;
    },

    async addNote(input: Input) {
      const doc = openDoc();
      const content = (str(input, 'content') ?? '').trim();
      if (!content) throw new Error('content is empty: give the markdown to add to the notes.');
      const page = int(input, 'sourcePageNumber');
      if (page !== undefined && (page < 1 || page > doc.pages.length)) throw new Error(`sourcePageNumber: "${doc.title}" has pages 1 to ${doc.pages.length}.`);
      const block = page ? `${content}\n\n*From page ${page} of ${doc.title}.*` : content;
      const current = state.workspace.notes.trimEnd();
      const notes = current ? `${current}\n\n${block}` : block;
      await state.update({ notes });
      panels.notes.flash(notes.length - block.length, notes.length);
      return `Added at the end of the notes (${block.split('\n').length} lines); the rest is unchanged.`;
    },

    async highlightArea(input: Input) {
      const doc = openDoc();
      const page = int(input, 'pageNumber') ?? state.page;
      if (page < 1 || page > doc.pages.length) throw new Error(`"${doc.title}" has pages 1 to ${doc.pages.length}.`);
      // The schema on the server checked the bounds (fractions, 0 to 1).
      const bounds = input.bounds as Bounds;
      if (page !== state.page) {
        setHash(doc.id, page);
        await state.open(doc.id, page);
      }
      const label = str(input, 'label');
      panels.reader.showArea(bounds, label);
      const under = blocksUnder(pageLayout(panels.reader.article), bounds).map((block) => `“${block.text}”`);
      return `A box is shown on page ${page} of "${doc.title}"${label ? `, labelled “${label}”` : ''}. ${
        under.length ? `It frames: ${under.join(', ')}.` : 'It frames no whole block of text: check the bounds against pageLayout.'
      }`;
    },

    async highlightText(input: Input) {
      const doc = openDoc();
      const text = (str(input, 'text') ?? '').replace(/\s+/g, ' ').trim();
      const scratch = document.createElement('div');
      scratch.innerHTML = renderMarkdown(state.pageText);
      if (!text || !visibleText(scratch).includes(text)) {
        throw new Error(`"${text.slice(0, 80)}" is not on page ${state.page} of "${doc.title}". Use the exact words of the page as the reader shows them (no markdown marks), or navigateToPage first.`);
      }
      const color = (['yellow', 'green', 'blue', 'pink'] as const).find((c) => c === str(input, 'color')) ?? 'yellow';
      const comment = str(input, 'comment');
      const highlight: Highlight = { id: `hl-${crypto.randomUUID().slice(0, 8)}`, pageNumber: state.page, text, color: color as HighlightColor, ...(comment ? { comment } : {}) };
      await state.update({ highlights: [...state.workspace.highlights, highlight] });
      return { id: highlight.id, pageNumber: highlight.pageNumber, color };
    },

    async navigateToPage(input: Input) {
      const documentId = str(input, 'documentId') ?? openDoc().id;
      const summary = state.library.find((d) => d.id === documentId);
      if (!summary) throw new Error(`No document "${documentId}" in the library: ${state.library.map((d) => d.id).join(', ')}.`);
      const page = int(input, 'pageNumber') ?? 1;
      if (page < 1 || page > summary.pageCount) throw new Error(`"${summary.title}" has pages 1 to ${summary.pageCount}.`);
      setHash(documentId, page);
      await state.open(documentId, page);
      return `Now showing page ${page} of "${summary.title}".`;
    },
  };
}
