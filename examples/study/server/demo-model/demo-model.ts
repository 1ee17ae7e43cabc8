import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { makeFlashcards, quizMe } from './flashcard-scenarios.js';
import { currentRun } from './history.js';
import { forget, recall, remember } from './memory-scenarios.js';
import { fixNotes, pageIntoNotes } from './notes-scenarios.js';
import { goToPage, highlight, summarizeAttachments } from './reader-scenarios.js';
import { searchLibrary } from './search-scenarios.js';
import { questionWrong } from './trigger-scenarios.js';

const HELP_SUGGESTIONS = ['Make flashcards from this page', 'Search the library for energy', 'Fix my notes', 'Go to page 2'];

/**
 * The offline demo model: plays seed 004's scenarios from what the user types, with the same tools a real model
 * gets. It recognizes a few phrasings only; anything else gets a reply that says so and lists what it can do.
 */
export function studyDemoModel() {
  return scriptedModel(({ text, turns }) => playScenario(text, turns), { name: 'study demo model', chunkSize: 8, delayMs: 10 });
}

export function playScenario(text: string, turns: readonly Turn[]): ScriptedRun {
  const { user, since } = currentRun(turns);
  const said = text.trim();
  const lower = said.toLowerCase();

  if (user?.trigger === 'questionWrong') return questionWrong(since, user);
  if (user?.attachments?.length) return summarizeAttachments(since, user.attachments);
  if (/\b(make|create|generate)\b.*\bflash ?cards?\b/.test(lower)) return makeFlashcards(since);
  if (/\bquiz\b/.test(lower)) return quizMe(since);
  if (/\b(fix|correct|proofread|spell-?check)\b.*\bnotes?\b/.test(lower)) return fixNotes(since);
  if (/\b(add|put|summari[sz]e)\b.*\bpage\b.*\bnotes?\b/.test(lower)) return pageIntoNotes(since);

  const search = /\bsearch\b.*?\b(?:for|about)\s+(.+)$/i.exec(said) ?? /\bwhat do my notes say about\s+(.+)$/i.exec(said);
  if (search) return searchLibrary(since, search[1]!.replace(/[?.!]+$/, '').trim());

  const rememberThat = /\bremember\s+(?:that\s+)?(.+)$/i.exec(said);
  if (rememberThat && !/\bwhat do you remember\b/i.test(said)) return remember(since, rememberThat[1]!.replace(/[.!]+$/, ''));
  if (/\bwhat do you (remember|know)\b/.test(lower)) return recall(since);
  const forgetThat = /\bforget\s+(?:that\s+)?(.+)$/i.exec(said);
  if (forgetThat) return forget(since, forgetThat[1]!);

  const page = /\b(?:go|turn|jump|skip|take me|navigate|open)\b.*?\bpage\s+(\d+)/i.exec(said);
  if (page) return goToPage(since, Number(page[1]));
  if (/\bhighlight\b/.test(lower)) return highlight(since, /["“']([^"”']+)["”']/.exec(said)?.[1]);

  return help(said);
}

function help(said: string): ScriptedRun {
  return [
    [
      {
        text:
          `You wrote “${said.length > 120 ? `${said.slice(0, 120)}…` : said}”. I am the **offline demo model**: I play a few scripted study scenarios with the real tools, and I do not understand free text. ` +
          'Set ANTHROPIC_API_KEY on the server to talk to Claude with the same tools.\n\n' +
          'Try: *make flashcards from this page*, *search the library for light*, *fix my notes*, *highlight "the exact words"*, *go to page 3*, *remember that I am preparing for my biology exam*, *quiz me*, or drag a document from the sidebar into the chat and ask me to summarize it.',
      },
      { tool: 'final_answer', input: { summary: 'Pick one of these to see the agent at work:', suggestions: HELP_SUGGESTIONS } },
    ],
    [],
  ];
}
