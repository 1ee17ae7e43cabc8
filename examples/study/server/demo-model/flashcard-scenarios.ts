import type { ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { field, lastResultOf, outputText, resultsOf } from './history.js';
import { keyTerms } from './key-terms.js';

const CARDS_PER_PAGE = 3;

/**
 * The showcase (seed 004, phase 2): "Make flashcards from this page" → readPage (and the deck, to skip terms it
 * already has) → a status line → createFlashcard × 3, run by the page → a final answer with suggestions.
 */
export function makeFlashcards(since: readonly Turn[], fromPage?: number): ScriptedRun {
  const read = { tool: 'readPage', input: fromPage ? { pageNumber: fromPage } : {} };
  const page = lastResultOf(since, 'readPage');
  const pageText = field<string>(page?.output, 'text') ?? '';
  const pageNumber = field<number>(page?.output, 'pageNumber') ?? 1;
  const title = field<string>(page?.output, 'title') ?? 'this document';
  const documentId = field<string>(page?.output, 'documentId') ?? '';
  const known = new Set((field<{ term: string }[]>(lastResultOf(since, 'readFlashcards')?.output, 'cards') ?? []).map((c) => c.term.toLowerCase()));
  const cards = keyTerms(pageText)
    .filter((t) => !known.has(t.term.toLowerCase()))
    .slice(0, CARDS_PER_PAGE);

  const created = resultsOf(since, 'createFlashcard');
  const made = created.filter((r) => !r.isError).map((r) => field<string>(r.output, 'term')).filter(Boolean);
  const failed = created.filter((r) => r.isError).map(outputText);

  if (page && (page.isError || cards.length === 0)) {
    return [
      [read, { tool: 'readFlashcards', input: {} }],
      [{ text: page.isError ? `I could not read the page: ${outputText(page)}` : 'Every key term on this page is already in your deck, so I made no new cards. Try another page!' }],
    ];
  }
  return [
    [read, { tool: 'readFlashcards', input: {} }],
    [{ tool: 'sendStatusMessage', input: { message: `Sure, let me turn page ${pageNumber} into flashcards for you.` } }],
    cards.map((card) => ({ tool: 'createFlashcard', input: { term: card.term, definition: card.definition, sourcePageNumber: pageNumber } })),
    [
      {
        tool: 'final_answer',
        input: {
          summary:
            `I added **${made.length} flashcard${made.length === 1 ? '' : 's'}** from page ${pageNumber} of *${title}*: ${made.map((t) => `**${t}**`).join(', ')}.` +
            (failed.length ? `\n\n${failed.length} could not be added: ${failed.join('; ')}` : ''),
          links: [{ title: `${title}, page ${pageNumber}`, url: `/study/#doc=${documentId}&page=${pageNumber}` }],
          suggestions: ['Quiz me on my flashcards', `Go to page ${pageNumber + 1}`, 'Highlight the key terms'],
        },
      },
    ],
    [],
  ];
}

/** "Make a flashcard for Anaphase": the term's definition on this page, as one card. */
export function flashcardFor(since: readonly Turn[], wanted: string): ScriptedRun {
  const page = lastResultOf(since, 'readPage');
  const term = keyTerms(field<string>(page?.output, 'text') ?? '').find((t) => t.term.toLowerCase() === wanted.toLowerCase());
  const pageNumber = field<number>(page?.output, 'pageNumber') ?? 1;
  const created = lastResultOf(since, 'createFlashcard');
  const read = [{ tool: 'readPage', input: {} }];
  if (page && !term) return [read, [{ text: `I found no definition of “${wanted}” on page ${pageNumber}. Go to the page that defines it and ask again.` }]];
  return [
    read,
    [{ tool: 'createFlashcard', input: { term: term?.term ?? wanted, definition: term?.definition ?? '', sourcePageNumber: pageNumber } }],
    [{ text: created?.isError ? `I could not add it: ${outputText(created)}` : `Added **${term?.term ?? wanted}** to your deck.` }],
  ];
}

/** "Quiz me": reads the deck and asks about one card. */
export function quizMe(since: readonly Turn[]): ScriptedRun {
  const cards = field<{ term: string; definition: string }[]>(lastResultOf(since, 'readFlashcards')?.output, 'cards') ?? [];
  const card = cards.at(-1);
  return [
    [{ tool: 'readFlashcards', input: {} }],
    [
      {
        text: card
          ? `You have ${cards.length} card${cards.length === 1 ? '' : 's'} in this deck. Here is one: **what is “${card.term}”?**\n\nAnswer in the chat, then check it against the card in your deck.`
          : 'Your deck for this document is empty. Ask me to “make flashcards from this page” first.',
      },
    ],
  ];
}
