import type { ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { readSearcherPrompt } from '../document-searcher.js';
import type { Passage } from '../library-search.js';
import { searchPages } from '../library.js';
import { field, lastResultOf } from './history.js';

// The demo model as one search sub-agent (document-searcher.ts): it reads its document and the learner's notes on it,
// picks the passages by their words (the keyword search of library.ts stands in for a model's reading), reports them
// and says in a line what it found. Played from the sub-agent's own conversation alone, as every scenario is.

/** "pages 1 and 3", "page 2". */
function pagesLine(pages: readonly number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;
}

/** What the sub-agent says last: where the document speaks of the query. */
function foundSentence(title: string, query: string, passages: readonly Passage[]): string {
  const pages = [...new Set(passages.flatMap((passage) => (passage.page ? [passage.page] : [])))].sort((a, b) => a - b);
  const notes = passages.some((passage) => passage.source === 'notes');
  const where = [pages.length ? `on ${pagesLine(pages)}` : '', notes ? "in the learner's notes" : ''].filter(Boolean).join(', and ');
  return `“${title}” speaks of ${query} ${where}.`;
}

export function playSearcher(text: string, turns: readonly Turn[]): ScriptedRun {
  const asked = readSearcherPrompt(text);
  if (!asked) return [[{ text: 'I was not told what to look for.' }]];
  const { title, query, passages: perDocument } = asked;
  const pages = field<{ pageNumber: number; text: string }[]>(lastResultOf(turns, 'readPages')?.output, 'pages') ?? [];
  const notes = field<string>(lastResultOf(turns, 'readNotes')?.output, 'notes') ?? '';
  const inPages: Passage[] = searchPages(pages.map((page) => page.text), query, perDocument).map(({ page, text, relevance }) => ({
    source: 'document',
    page: pages[page - 1]?.pageNumber ?? page,
    text,
    relevance,
  }));
  const inNotes: Passage[] = searchPages([notes], query, 1).map(({ text, relevance }) => ({ source: 'notes', text, relevance }));
  const passages = [...inPages, ...inNotes].sort((a, b) => b.relevance - a.relevance);
  return [
    [{ text: `Reading “${title}” for ${query}.` }, { tool: 'readPages' }, { tool: 'readNotes' }],
    passages.length ? [{ tool: 'reportPassages', input: { passages } }] : [{ text: `“${title}” does not mention ${query}.` }],
    [{ text: foundSentence(title, query, passages) }],
  ];
}
