import type { DocumentSummary, StudyDocument } from '../page/study-types.js';
import { libraryTexts } from './library-texts.js';

/** The documents every learner can study. A real app would load them from its own storage. */
export const library = {
  list(): DocumentSummary[] {
    return libraryTexts.map(({ id, title, subject, pageCount }) => ({ id, title, subject, pageCount }));
  },

  get(documentId: string): StudyDocument | undefined {
    return libraryTexts.find((doc) => doc.id === documentId);
  },

  /** The document, or an error message that tells the agent which ids exist, so it can correct itself. */
  require(documentId: string): StudyDocument {
    const doc = this.get(documentId);
    if (!doc) {
      throw new Error(`No document "${documentId}" in the library. Documents: ${libraryTexts.map((d) => `${d.id} (${d.title})`).join(', ')}.`);
    }
    return doc;
  },

  requirePage(doc: StudyDocument, pageNumber: number): string {
    const text = doc.pages[pageNumber - 1];
    if (text === undefined) throw new Error(`"${doc.title}" has pages 1 to ${doc.pages.length}; there is no page ${pageNumber}.`);
    return text;
  },
};

export interface Snippet {
  page: number;
  text: string;
  relevance: number;
}

const STOPWORDS = new Set(['the', 'and', 'for', 'what', 'does', 'with', 'about', 'from', 'that', 'this', 'are', 'how', 'why', 'say', 'says', 'my', 'notes']);

/** The words of a query worth matching: lower case, three letters or more, no filler. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[a-z0-9-]{3,}/g) ?? [])].filter((word) => !STOPWORDS.has(word));
}

/**
 * Keyword search over pages of markdown: each paragraph scores the number of query words it contains (a word
 * matches its plural and other endings too), and the best paragraphs come back as plain-text snippets.
 */
export function searchPages(pages: readonly string[], query: string, limit = 5): Snippet[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const snippets: Snippet[] = [];
  pages.forEach((page, index) => {
    for (const paragraph of page.split(/\n{2,}/)) {
      // A heading alone says little; the paragraphs under it are the answer.
      if (/^#{1,6}\s/.test(paragraph) && !paragraph.includes('\n')) continue;
      const plain = plainText(paragraph);
      const lower = plain.toLowerCase();
      const relevance = terms.filter((term) => lower.includes(stem(term))).length / terms.length;
      if (relevance > 0) snippets.push({ page: index + 1, text: excerpt(plain, terms), relevance: Math.round(relevance * 100) / 100 });
    }
  });
  return snippets.sort((a, b) => b.relevance - a.relevance || a.page - b.page).slice(0, limit);
}

/**
 * A paragraph of markdown as a line of plain text, as a snippet shows it: no heading marks, no emphasis marks, and
 * no list marks: a heading leads into what follows it ("Mitosis: …"), list items are joined with semicolons, and
 * the lines of a paragraph with spaces.
 */
export function plainText(markdown: string): string {
  let text = '';
  let after: 'start' | 'heading' | 'item' | 'line' = 'start';
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const heading = /^#{1,6}\s+/.test(line);
    const item = /^(?:[-*+]|\d+[.)])\s+/.test(line);
    const words = inlinePlain(line.replace(/^#{1,6}\s+/, '').replace(/^(?:[-*+]|\d+[.)])\s+/, ''));
    const joint = after === 'start' ? '' : after === 'heading' ? ': ' : item || after === 'item' ? '; ' : ' ';
    text += joint + (heading ? words.replace(/[:.]$/, '') : words);
    after = heading ? 'heading' : item ? 'item' : 'line';
  }
  return text;
}

function inlinePlain(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(.+?)\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1');
}

function stem(term: string): string {
  return term.length > 4 ? term.replace(/(es|s|ing|ed)$/, '') : term;
}

/** Up to ~240 characters around the first matching word, so long paragraphs stay readable in a result. */
function excerpt(text: string, terms: string[]): string {
  if (text.length <= 240) return text;
  const lower = text.toLowerCase();
  const at = Math.max(0, Math.min(...terms.map((term) => lower.indexOf(stem(term))).filter((i) => i >= 0)));
  const start = Math.max(0, at - 80);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 240).trim()}…`;
}
