import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import type { LearnerStore } from './learner-store.js';
import { library } from './library.js';
import { studyContext } from './page-context.js';

/**
 * readNotes and readFlashcards: the learner's notes and deck as the server stores them. The page saves every change
 * it makes (by hand or through a client tool) before it answers, so these always see the latest version.
 */
export function workspaceReadTools(store: LearnerStore) {
  const documentId = z.string().optional().describe('Default: the document the user has open');

  const readNotes = defineTool({
    name: 'readNotes',
    description: "Read the user's notes for a document, in full (markdown).",
    input: z.object({ documentId }),
    label: 'Reading your notes',
    execute: async (input, { context }) => {
      const page = studyContext(context);
      const doc = library.require(input.documentId ?? page.document.id);
      const { notes } = await store.workspace(page.learnerId, doc.id);
      return { documentId: doc.id, notes: notes || '(The notes are empty.)' };
    },
  });

  const readFlashcards = defineTool({
    name: 'readFlashcards',
    description: "Read the user's flashcard deck for a document: every card with its id, term and definition.",
    input: z.object({ documentId }),
    label: 'Reading your flashcards',
    execute: async (input, { context }) => {
      const page = studyContext(context);
      const doc = library.require(input.documentId ?? page.document.id);
      const { flashcards } = await store.workspace(page.learnerId, doc.id);
      return { documentId: doc.id, cardCount: flashcards.length, cards: flashcards.map(({ createdAt: _, ...card }) => card) };
    },
  });

  return [readNotes, readFlashcards];
}
