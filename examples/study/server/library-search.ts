// What the search sub-agents of searchLibrary and findRelatedContent return, and how their answers are put together
// (seed 004, Subagent Architecture: "waits for all, aggregates results"). Each document's sub-agent
// (document-searcher.ts) reports `{ documentId, passages }`; the documents are ranked by their best passage, so a
// document is listed once with its passages, however many it has.

export interface Passage {
  source: 'document' | 'notes';
  /** The page of the document; none for the learner's notes. */
  page?: number;
  text: string;
  relevance: number;
}

/** One document's sub-agent's answer: what it reported, and what it said last. */
export interface DocumentHits {
  documentId: string;
  title: string;
  subject: string;
  /** Its best passage's relevance (0-1): what the documents are ranked by. */
  relevance: number;
  passages: Passage[];
  /** The sub-agent's last words on the document. */
  summary?: string;
}

/** A document whose sub-agent did not finish (stopped by the learner, or failed), with what it said. */
export interface Unfinished {
  documentId: string;
  title: string;
  note: string;
}

/**
 * The documents with a match, best first (the order they were searched in breaks ties), with `limit` passages in all:
 * the best documents keep theirs, the last ones are cut.
 */
export function rankHits(found: readonly DocumentHits[], limit: number): DocumentHits[] {
  const ranked = found.filter((hits) => hits.passages.length > 0).sort((a, b) => b.relevance - a.relevance);
  let left = limit;
  return ranked.flatMap((hits) => {
    if (left <= 0) return [];
    const passages = hits.passages.slice(0, left);
    left -= passages.length;
    return [{ ...hits, passages }];
  });
}

/** How many passages came back, in how many documents. */
export function foundLine(documents: readonly DocumentHits[]): string {
  const passages = documents.reduce((sum, hits) => sum + hits.passages.length, 0);
  return `Found ${passages} passage${passages === 1 ? '' : 's'} in ${documents.length} document${documents.length === 1 ? '' : 's'}.`;
}
