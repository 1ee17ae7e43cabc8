import type { ScriptedRun } from '@agent-chat/server';
import type { Context, Turn, UserTurn } from '@agent-chat/protocol';
import { field, lastResultOf, outputText, triggerPayload } from './history.js';

// Seed 004's flashcardStruggle trigger and the inferred memory that can follow it (Memory System, "Inferred
// (agent-initiated, with confirmation)"): the agent notices the struggle, explains the card another way, and asks
// before it remembers; the learner's yes (a suggestion chip) saves it as an inferred struggle.

/** flashcardStruggle: the card missed again and again; the document's own words, and an offer to remember it. */
export function flashcardStruggle(since: readonly Turn[], user: UserTurn, context: Context | undefined): ScriptedRun {
  const payload = triggerPayload<{ term: string; againCount: number }>(context, 'flashcardStruggle');
  const words = /^I keep missing the flashcard “(.+)” \((\d+) times in a row\)\.$/.exec(user.text);
  const term = payload?.term ?? words?.[1] ?? 'this card';
  const misses = payload?.againCount ?? Number(words?.[2] ?? 3);
  const cards = field<{ term: string; definition: string }[]>(lastResultOf(since, 'readFlashcards')?.output, 'cards') ?? [];
  const card = cards.find((c) => c.term.toLowerCase() === term.toLowerCase());
  const search = lastResultOf(since, 'searchDocument')?.output;
  const best = field<{ page: number; text: string }[]>(search, 'snippets')?.[0];
  const documentId = field<string>(search, 'documentId');
  const title = field<string>(search, 'title') ?? 'the document';
  return [
    [
      { tool: 'readFlashcards', input: {} },
      { tool: 'searchDocument', input: { query: term } },
    ],
    [
      {
        tool: 'final_answer',
        input: {
          summary:
            `**${term}** has slipped away ${misses} times in a row, so let us look at it from another side.` +
            (card ? ` Your card says: ${card.definition}` : '') +
            (best ? ` *${title}* puts it this way on page ${best.page}: “${best.text}”` : '') +
            `\n\nI noticed this keeps coming back: should I add **${term}** to your focus areas, so I return to it?`,
          ...(best && documentId ? { links: [{ title: `${title}, page ${best.page}`, url: `/study/#doc=${documentId}&page=${best.page}` }] } : {}),
          suggestions: [`Yes, add ${term} to my focus areas`, 'Quiz me on my flashcards'],
        },
      },
    ],
    [],
  ];
}

/** "Yes, add PMAT to my focus areas": updateMemory as an inferred struggle, which the learner just confirmed. */
export function addFocusArea(since: readonly Turn[], topic: string): ScriptedRun {
  const result = lastResultOf(since, 'updateMemory');
  return [
    [{ tool: 'updateMemory', input: { type: 'struggle', operation: 'add', content: `Finds ${topic} hard to remember`, source: 'inferred' } }],
    [{ text: result?.isError ? `I could not save that: ${outputText(result)}` : `Done: **${topic}** is one of your focus areas now. I will bring it back when we review.` }],
  ];
}
