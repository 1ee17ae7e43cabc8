import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import type { StudyDocument } from '../page/study-types.js';
import type { LearnerStore } from './learner-store.js';
import { library, searchPages } from './library.js';
import { learnerIdOf } from './page-context.js';

interface Hit {
  documentId: string;
  title: string;
  source: 'document' | 'notes';
  page?: number;
  text: string;
  relevance: number;
}

/**
 * searchLibrary (seed 004, Subagent Architecture): one sub-search per document, all in parallel, then the hits
 * ranked together. Each sub-search reads the document's pages and the learner's notes on it. They are keyword
 * searchers rather than model calls, so the demo stays offline and a search costs no tokens.
 */
export function searchLibraryTool(store: LearnerStore) {
  async function searchOne(doc: StudyDocument, query: string, learnerId: string | undefined): Promise<Hit[]> {
    const inPages = searchPages(doc.pages, query, 3).map((s) => ({ documentId: doc.id, title: doc.title, source: 'document' as const, page: s.page, text: s.text, relevance: s.relevance }));
    if (!learnerId) return inPages;
    const { notes } = await store.workspace(learnerId, doc.id);
    const inNotes = searchPages([notes], query, 2).map((s) => ({ documentId: doc.id, title: doc.title, source: 'notes' as const, text: s.text, relevance: s.relevance }));
    return [...inPages, ...inNotes];
  }

  return defineTool({
    name: 'searchLibrary',
    description: "Search every document of the user's library, and the user's notes on each, for a topic. Returns snippets with document ids and page numbers.",
    input: z.object({
      query: z.string().min(1),
      limit: z.number().int().min(1).max(20).default(8),
    }),
    label: (input) => `Searching the library for “${input.query}”`,
    execute: async ({ query, limit }, { context, status }) => {
      const documents = library.list().map((summary) => library.require(summary.id));
      status(`Searching ${documents.length} documents for “${query}”…`);
      const perDocument = await Promise.all(documents.map((doc) => searchOne(doc, query, learnerIdOf(context))));
      const hits = perDocument.flat().sort((a, b) => b.relevance - a.relevance);
      const found = perDocument.filter((list) => list.length > 0).length;
      status(`Found ${hits.length} passage${hits.length === 1 ? '' : 's'} in ${found} document${found === 1 ? '' : 's'}.`);
      return { query, searched: documents.map((doc) => doc.id), results: hits.slice(0, limit) };
    },
  });
}
