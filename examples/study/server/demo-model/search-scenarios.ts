import type { ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import type { DocumentHits, Passage } from '../library-search.js';
import { queryTerms } from '../library.js';
import { field, lastResultOf } from './history.js';

/** At most `chars` characters, cut at a word. */
function cut(text: string, chars = 200): string {
  if (text.length <= chars) return text;
  const head = text.slice(0, chars);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), chars / 2)).trimEnd()}…`;
}

/** The sentence of a passage that holds the query's words (its first, when none does), in quotes. */
function quote(text: string, query: string): string {
  const words = queryTerms(query).map((word) => (word.length > 4 ? word.slice(0, -1) : word));
  const sentences = text.replace(/^…/, '').split(/(?<=[.!?])\s+/);
  const best = sentences.find((sentence) => words.some((word) => sentence.toLowerCase().includes(word))) ?? sentences[0] ?? text;
  return `“${cut(best.trim())}”`;
}

/** Where a document's passages are: "pages 1 and 2, and your notes". */
function where(passages: readonly Passage[]): string {
  const pages = [...new Set(passages.flatMap((p) => (p.page ? [p.page] : [])))].sort((a, b) => a - b);
  const parts = [pages.length ? `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}` : '', passages.some((p) => p.source === 'notes') ? 'your notes' : ''];
  return parts.filter(Boolean).join(' and ');
}

/** One line per document: its title, where it matched, and the sentence of its best passage that says it. */
function documentLine(hits: DocumentHits, query: string): string {
  return `- *${hits.title}* (${where(hits.passages)}): ${quote(hits.passages[0]!.text, query)}`;
}

/** One link per document, to its best page. */
function documentLinks(documents: readonly DocumentHits[]) {
  return documents.flatMap((hits) => {
    const page = hits.passages.find((p) => p.page)?.page;
    return page ? [{ title: `${hits.title}, p. ${page}`, url: `/study/#doc=${hits.documentId}&page=${page}` }] : [];
  });
}

/** "Search the library for X": searchLibrary (a search sub-agent per document, which this model plays too: searcher-scenario.ts) → a card with links. */
export function searchLibrary(since: readonly Turn[], query: string): ScriptedRun {
  const documents = field<DocumentHits[]>(lastResultOf(since, 'searchLibrary')?.output, 'documents') ?? [];
  const top = documents.slice(0, 4);
  return [
    [{ tool: 'searchLibrary', input: { query, limit: 8 } }],
    [
      {
        tool: 'final_answer',
        input: top.length
          ? {
              summary: `Here is what your library says about **${query}**:\n\n${top.map((hits) => documentLine(hits, query)).join('\n')}`,
              links: documentLinks(top),
              suggestions: ['Make flashcards from this page', `Search the library for ${query === 'energy' ? 'cells' : 'energy'}`],
            }
          : { summary: `Nothing in your library mentions **${query}**. Try another word?`, suggestions: ['Search the library for light'] },
      },
    ],
    [],
  ];
}

/**
 * "What else in my library is related to X / to this page?": findRelatedContent over the other documents. Without a
 * topic of its own it takes the page's heading, which is what the page is about.
 */
export function relatedContent(since: readonly Turn[], topic: string): ScriptedRun {
  const result = lastResultOf(since, 'findRelatedContent')?.output;
  const related = field<DocumentHits[]>(result, 'related') ?? [];
  return [
    [{ tool: 'findRelatedContent', input: { topic } }],
    [
      {
        tool: 'final_answer',
        input: related.length
          ? {
              summary: `**${topic.charAt(0).toUpperCase()}${topic.slice(1)}** comes up in ${related.length === 1 ? 'one other document' : `${related.length} other documents`} of your library:\n\n${related.map((hits) => documentLine(hits, topic)).join('\n')}`,
              links: documentLinks(related),
              suggestions: [`Search the library for ${topic}`, 'Make flashcards from this page'],
            }
          : { summary: `Nothing else in your library is about **${topic}**.`, suggestions: ['Search the library for energy'] },
      },
    ],
    [],
  ];
}
