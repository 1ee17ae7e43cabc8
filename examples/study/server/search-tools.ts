import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import type { LearnerStore } from './learner-store.js';
import { library } from './library.js';
import { foundLine, searchDocuments } from './library-search.js';
import { learnerIdOf, studyContext } from './page-context.js';

/**
 * searchLibrary (seed 004, Search Tools): every document of the library and the learner's notes on each, searched in
 * parallel sub-searches; each document that matches comes back once, with its passages and their pages.
 */
export function searchLibraryTool(store: LearnerStore) {
  return defineTool({
    name: 'searchLibrary',
    description:
      "Search every document of the user's library, and the user's notes on each, for a topic. Returns each matching document once, best first, with its passages (page numbers; source 'notes' for the user's notes).",
    input: z.object({
      query: z.string().min(1),
      limit: z.number().int().min(1).max(20).default(8).describe('At most this many passages in all'),
    }),
    label: (input) => `Searching the library for “${input.query}”`,
    execute: async ({ query, limit }, { context, status }) => {
      const documents = library.list().map((summary) => library.require(summary.id));
      status(`Searching ${documents.length} documents for “${query}”…`);
      const found = await searchDocuments(store, documents, query, { learnerId: learnerIdOf(context), perDocument: 3, limit });
      status(foundLine(found));
      return { query, searched: documents.map((doc) => doc.id), documents: found };
    },
  });
}

/**
 * findRelatedContent (seed 004, Search Tools): the other documents of the library that touch a topic, with a passage
 * or two each, to point the learner from what they read to where else it comes up. The same parallel sub-searches,
 * without the document the learner has open (or the one named).
 */
export function findRelatedContentTool(store: LearnerStore) {
  return defineTool({
    name: 'findRelatedContent',
    description:
      'Find material related to a topic in the other documents of the library (and the user\'s notes on them): each related document once, with a passage or two and their pages. Leaves out the current document.',
    input: z.object({
      topic: z.string().min(1).describe('A few words: a concept, a term, a question'),
      currentDocumentId: z.string().optional().describe('The document to leave out; default: the one the user has open'),
    }),
    label: (input) => `Finding material related to “${input.topic}”`,
    execute: async ({ topic, currentDocumentId }, { context, status }) => {
      const current = currentDocumentId ?? studyContextDocument(context);
      const documents = library
        .list()
        .filter((summary) => summary.id !== current)
        .map((summary) => library.require(summary.id));
      status(`Looking through ${documents.length} other documents for “${topic}”…`);
      const related = await searchDocuments(store, documents, topic, { learnerId: learnerIdOf(context), perDocument: 2, limit: 8 });
      status(foundLine(related));
      return { topic, currentDocumentId: current, related, ...(related.length ? {} : { note: 'Nothing else in the library mentions it; try broader words.' }) };
    },
  });
}

/** The open document, when the page said which; a related-content search works without one too. */
function studyContextDocument(context: Parameters<typeof studyContext>[0]): string | undefined {
  try {
    return studyContext(context).document.id;
  } catch {
    return undefined;
  }
}
