import type { ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { field, lastResultOf } from './history.js';

interface Hit {
  documentId: string;
  title: string;
  source: 'document' | 'notes';
  page?: number;
  text: string;
}

/** "Search the library for X": searchLibrary (parallel sub-searches, with its own status lines) → a card with links. */
export function searchLibrary(since: readonly Turn[], query: string): ScriptedRun {
  const hits = field<Hit[]>(lastResultOf(since, 'searchLibrary')?.output, 'results') ?? [];
  const top = hits.slice(0, 4);
  const where = (hit: Hit) => (hit.source === 'notes' ? `your notes on *${hit.title}*` : `*${hit.title}*, page ${hit.page}`);
  return [
    [{ tool: 'searchLibrary', input: { query, limit: 8 } }],
    [
      {
        tool: 'final_answer',
        input: top.length
          ? {
              summary: `Here is what your library says about **${query}**:\n\n${top.map((hit) => `- ${where(hit)}: “${hit.text.length > 160 ? `${hit.text.slice(0, 160)}…` : hit.text}”`).join('\n')}`,
              links: top
                .filter((hit) => hit.source === 'document')
                .map((hit) => ({ title: `${hit.title}, p. ${hit.page}`, url: `/study/#doc=${hit.documentId}&page=${hit.page}` })),
              suggestions: ['Make flashcards from this page', `Search the library for ${query === 'energy' ? 'cells' : 'energy'}`],
            }
          : { summary: `Nothing in your library mentions **${query}**. Try another word?`, suggestions: ['Search the library for light'] },
      },
    ],
    [],
  ];
}
