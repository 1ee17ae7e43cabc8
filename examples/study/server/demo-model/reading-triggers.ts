import type { ScriptedRun } from '@agent-chat/server';
import type { Context, Turn, UserTurn } from '@agent-chat/protocol';
import { field, headingOf, lastResultOf, triggerPayload } from './history.js';
import { keyTerms } from './key-terms.js';

// Seed 004's reading triggers, as the demo model answers them: the page reports a return to a document
// (sessionStart), a page read and left (pageChange), a passage highlighted (highlightCreated). Each answer reads the
// page it is about, says one useful thing, and offers the next step as suggestion chips. The payload comes from the
// context at the run's first steps; the message's words (written by page/triggers.ts) say the same.

const bold = (terms: readonly string[]) => terms.map((term) => `**${term}**`).join(', ');
const link = (documentId: string | undefined, title: string, page: number) => (documentId ? [{ title: `${title}, page ${page}`, url: `/study/#doc=${documentId}&page=${page}` }] : []);

/** The page a scenario read with readPage: its text, heading and key terms. */
function readPageResult(since: readonly Turn[]) {
  const output = lastResultOf(since, 'readPage')?.output;
  const text = field<string>(output, 'text') ?? '';
  return {
    documentId: field<string>(output, 'documentId'),
    title: field<string>(output, 'title') ?? 'the document',
    heading: headingOf(text),
    terms: keyTerms(text),
  };
}

/** sessionStart: "Welcome back", where the learner stopped, and the way back in. */
export function sessionStart(since: readonly Turn[], user: UserTurn, context: Context | undefined): ScriptedRun {
  const payload = triggerPayload<{ documentId: string; resumeContext: { page: number } }>(context, 'sessionStart');
  const words = /^I opened “(.+)” again \(last visit (.+), on page (\d+)\)\.$/.exec(user.text);
  const page = payload?.resumeContext?.page ?? Number(words?.[3] ?? 1);
  const ago = words?.[2] ?? 'some time ago';
  const read = readPageResult(since);
  const current = (context?.document as { currentPage?: number } | undefined)?.currentPage;
  return [
    [{ tool: 'readPage', input: { pageNumber: page } }],
    [
      {
        tool: 'final_answer',
        input: {
          summary:
            `Welcome back to *${read.title}*! Last time (${ago}) you stopped on page ${page}` +
            (read.heading ? `, **${read.heading}**` : '') +
            (read.terms.length ? `, with ${bold(read.terms.slice(0, 4).map((t) => t.term))}.` : '.') +
            ' Pick up there, or warm up with a quick quiz first?',
          links: link(read.documentId, read.title, page),
          suggestions: [current === page ? 'Make flashcards from this page' : `Go to page ${page}`, 'Quiz me on my flashcards'],
        },
      },
    ],
    [],
  ];
}

/** pageChange: a page read and left; its key terms, and flashcards for them before going on. */
export function pageChange(since: readonly Turn[], user: UserTurn, context: Context | undefined): ScriptedRun {
  const payload = triggerPayload<{ fromPage: number; toPage: number }>(context, 'pageChange');
  const words = /^I finished page (\d+) of “.+” \(.+\) and turned to page (\d+)\.$/.exec(user.text);
  const from = payload?.fromPage ?? Number(words?.[1] ?? 1);
  const read = readPageResult(since);
  const terms = read.terms.map((t) => t.term);
  return [
    [{ tool: 'readPage', input: { pageNumber: from } }],
    [
      {
        tool: 'final_answer',
        input: terms.length
          ? {
              summary: `Page ${from}${read.heading ? `, **${read.heading}**` : ''}, done. Its key terms: ${bold(terms)}. Want flashcards for them before you go on?`,
              suggestions: [`Make flashcards from page ${from}`, 'Quiz me on my flashcards'],
            }
          : { summary: `Page ${from}${read.heading ? `, **${read.heading}**` : ''}, done. On you go!`, suggestions: ['Quiz me on my flashcards'] },
      },
    ],
    [],
  ];
}

/** highlightCreated: what the passage is (a definition becomes an offer of a flashcard). */
export function highlightCreated(since: readonly Turn[], user: UserTurn, context: Context | undefined): ScriptedRun {
  const payload = triggerPayload<{ text: string; pageNumber: number }>(context, 'highlightCreated');
  const words = /^I highlighted “(.+?)…?” on page (\d+)\.$/s.exec(user.text);
  const highlighted = (payload?.text ?? words?.[1] ?? '').toLowerCase();
  const page = payload?.pageNumber ?? Number(words?.[2] ?? 1);
  const read = readPageResult(since);
  // The definition the passage is part of, or the one it holds.
  const term = read.terms.find((t) => t.sentence.toLowerCase().includes(highlighted) || highlighted.includes(t.term.toLowerCase()));
  return [
    [{ tool: 'readPage', input: { pageNumber: page } }],
    [
      {
        tool: 'final_answer',
        input: term
          ? {
              summary: `You highlighted the definition of **${term.term}**: ${term.definition} It is a good one to know by heart. Want it as a flashcard?`,
              suggestions: [`Make a flashcard for ${term.term}`, 'Quiz me on my flashcards'],
            }
          : {
              summary: `A good passage to mark${read.heading ? `: it is part of **${read.heading}**, on page ${page}` : ''}. Ask me about it any time.`,
              suggestions: ['Make flashcards from this page'],
            },
      },
    ],
    [],
  ];
}
