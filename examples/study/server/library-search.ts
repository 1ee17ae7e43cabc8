import type { StudyDocument } from '../page/study-types.js';
import type { LearnerStore } from './learner-store.js';
import { searchPages } from './library.js';

// The sub-searches behind searchLibrary and findRelatedContent (seed 004, Subagent Architecture): one per document,
// all in parallel, each reading the document's pages and the learner's notes on it and returning
// `{ documentId, snippets }`; the results are ranked by each document's best passage, so a document is listed once
// with its passages, however many it has. Keyword searchers rather than model calls: the demo stays offline and a
// search costs no tokens.

export interface Passage {
  source: 'document' | 'notes';
  /** The page of the document; none for the learner's notes. */
  page?: number;
  text: string;
  relevance: number;
}

export interface DocumentHits {
  documentId: string;
  title: string;
  subject: string;
  /** Its best passage's relevance (0-1): what the documents are ranked by. */
  relevance: number;
  passages: Passage[];
}

/** One document's sub-search: its best pages, then the learner's notes on it. */
async function searchOne(store: LearnerStore, doc: StudyDocument, query: string, learnerId: string | undefined, perDocument: number): Promise<DocumentHits | undefined> {
  const inPages: Passage[] = searchPages(doc.pages, query, perDocument).map(({ page, text, relevance }) => ({ source: 'document', page, text, relevance }));
  const notes = learnerId ? (await store.workspace(learnerId, doc.id)).notes : '';
  const inNotes: Passage[] = searchPages([notes], query, 1).map(({ text, relevance }) => ({ source: 'notes', text, relevance }));
  const passages = [...inPages, ...inNotes].sort((a, b) => b.relevance - a.relevance);
  if (passages.length === 0) return undefined;
  return { documentId: doc.id, title: doc.title, subject: doc.subject, relevance: passages[0]!.relevance, passages };
}

/**
 * Every document searched at once, then ranked together: the documents with a match, best first (library order
 * breaks ties), each with at most `perDocument` passages from its pages and one from the notes, and `limit`
 * passages in all.
 */
export async function searchDocuments(
  store: LearnerStore,
  documents: readonly StudyDocument[],
  query: string,
  options: { learnerId: string | undefined; perDocument: number; limit: number },
): Promise<DocumentHits[]> {
  const found = await Promise.all(documents.map((doc) => searchOne(store, doc, query, options.learnerId, options.perDocument)));
  const ranked = found.filter((hits): hits is DocumentHits => hits !== undefined).sort((a, b) => b.relevance - a.relevance);
  let left = options.limit;
  return ranked.flatMap((hits) => {
    if (left <= 0) return [];
    const passages = hits.passages.slice(0, left);
    left -= passages.length;
    return [{ ...hits, passages }];
  });
}

/** How many passages came back, in how many documents: for the tools' status lines. */
export function foundLine(documents: readonly DocumentHits[]): string {
  const passages = documents.reduce((sum, hits) => sum + hits.passages.length, 0);
  return `Found ${passages} passage${passages === 1 ? '' : 's'} in ${documents.length} document${documents.length === 1 ? '' : 's'}.`;
}
