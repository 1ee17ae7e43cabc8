import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { Context, Turn } from '@agent-chat/protocol';
import { flashcardFor, makeFlashcards, quizMe } from './flashcard-scenarios.js';
import { currentRun, headingOf, pageOnScreen } from './history.js';
import { forget, recall, remember } from './memory-scenarios.js';
import { fixNotes, pageIntoNotes } from './notes-scenarios.js';
import { highlightCreated, pageChange, sessionStart } from './reading-triggers.js';
import { goToPage, highlight, showWhere, summarizeAttachments } from './reader-scenarios.js';
import { relatedContent, searchLibrary } from './search-scenarios.js';
import { addFocusArea, flashcardStruggle } from './struggle-scenarios.js';
import { questionWrong } from './trigger-scenarios.js';

const HELP_SUGGESTIONS = ['Make flashcards from this page', 'Search the library for energy', 'Show me where anaphase is explained', 'Find related content about energy'];

/**
 * The offline demo model: plays seed 004's scenarios from what the user types, with the same tools a real model
 * gets. It recognizes a few phrasings only; anything else gets a reply that says so and lists what it can do.
 */
export function studyDemoModel() {
  return scriptedModel(({ text, turns, context }) => playScenario(text, turns, context), { name: 'study demo model', chunkSize: 8, delayMs: 10 });
}

/** Seed 004's five triggers, each with its scenario. */
const TRIGGERS = { questionWrong, flashcardStruggle, sessionStart, pageChange, highlightCreated } as const;

export function playScenario(text: string, turns: readonly Turn[], context?: Context): ScriptedRun {
  const { user, since } = currentRun(turns);
  const said = text.trim();
  const lower = said.toLowerCase();

  const trigger = user?.trigger && Object.hasOwn(TRIGGERS, user.trigger) ? TRIGGERS[user.trigger as keyof typeof TRIGGERS] : undefined;
  if (user && trigger) return trigger(since, user, context);
  if (user?.attachments?.length) return summarizeAttachments(since, user.attachments);
  const oneCard = /\b(?:make|create|add)\s+(?:a|one)\s+flash ?card\s+(?:for|of|about|on)\s+(.+?)[.!?]*$/i.exec(said);
  if (oneCard) return flashcardFor(since, oneCard[1]!.trim());
  if (/\b(make|create|generate)\b.*\bflash ?cards?\b/.test(lower)) return makeFlashcards(since, Number(/\bpage (\d+)/.exec(lower)?.[1]) || undefined);
  const focus = /\badd\s+(.+?)\s+to my focus areas?\b/i.exec(said);
  if (focus) return addFocusArea(since, focus[1]!);
  if (/\bquiz\b/.test(lower)) return quizMe(since);
  if (/\b(fix|correct|proofread|spell-?check)\b.*\bnotes?\b/.test(lower)) return fixNotes(since);
  if (/\b(add|put|summari[sz]e)\b.*\bpage\b.*\bnotes?\b/.test(lower)) return pageIntoNotes(since);

  const where = /\b(?:show me where|where (?:is|are|does it (?:explain|say)))\s+(.+?)(?:\s+(?:is|are))?(?:\s+(?:explained|defined|described|mentioned))?(?:\s+on (?:the|this) page)?[?.!]*$/i.exec(said);
  if (where) return showWhere(since, where[1]!.trim(), context);
  const related = /\b(?:related|relates|relating|connected|similar)\b(?:\s+(?:content|material))?\s+(?:to|about|on|with)\s+(.+?)[?.!]*$/i.exec(said);
  if (related) {
    const topic = related[1]!.trim();
    const thisPage = /^(?:this|it|this page|the page|what i am reading)$/i.test(topic);
    return relatedContent(since, thisPage ? (headingOf(pageOnScreen(context).text) ?? 'this page') : topic);
  }

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
          'Try: *make flashcards from this page*, *search the library for light*, *find related content about energy*, *show me where anaphase is explained*, *fix my notes*, *add this page to my notes*, *highlight "the exact words"*, *go to page 3*, *remember that I am preparing for my biology exam*, *quiz me*, or drag a document from the sidebar into the chat and ask me to summarize it. The page also tells me when you answer a practice question wrongly, miss a flashcard three times, highlight a passage, finish reading a page or come back to a document.',
      },
      { tool: 'final_answer', input: { summary: 'Pick one of these to see the agent at work:', suggestions: HELP_SUGGESTIONS } },
    ],
    [],
  ];
}
