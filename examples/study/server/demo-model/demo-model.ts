import { scriptedModel, type ScriptedRun } from '@agent-chat/server';
import type { Context, Turn } from '@agent-chat/protocol';
import { flashcardFor, makeFlashcards, quizMe } from './flashcard-scenarios.js';
import { currentRun, headingOf, pageOnScreen } from './history.js';
import { forget, recall, remember } from './memory-scenarios.js';
import { fixNotes, pageIntoNotes } from './notes-scenarios.js';
import { highlightCreated, pageChange, sessionStart } from './reading-triggers.js';
import { goToPage, highlight, showWhere, summarizeAttachments } from './reader-scenarios.js';
import { relatedContent, searchLibrary } from './search-scenarios.js';
import { playSearcher } from './searcher-scenario.js';
import { addFocusArea, flashcardStruggle } from './struggle-scenarios.js';
import { questionWrong } from './trigger-scenarios.js';
import { recognize } from './requests.js';
import { isUpload, studyUploads } from './upload-scenarios.js';
import { suggestionsCall } from '../../../server/suggestions-tool.js';
import { SEARCHER_ROLE } from '../document-searcher.js';

/** A request the demo model plays whatever came with it ("Make flashcards from this page" with a photo attached). */
const recognizedRequest = (said: string) => said !== '' && !['capabilities', 'hello'].includes(recognize(said).kind);

const HELP_SUGGESTIONS = ['Make flashcards from this page', 'Search the library for energy', 'Show me where anaphase is explained', 'Find related content about energy'];

/**
 * The offline demo model: plays seed 004's scenarios from what the user types, with the same tools a real model
 * gets. It understands the usual ways of asking for each scenario (requests.ts); anything else gets what it can do, as
 * suggestion chips (suggest_requests). It is the fast model offline too, so it plays the search sub-agents as well:
 * a call whose system prompt is a searcher's (document-searcher.ts) is one of them.
 */
export function studyDemoModel() {
  return scriptedModel(
    ({ text, turns, context, system }) => (system.startsWith(SEARCHER_ROLE) ? playSearcher(text, turns) : playScenario(text, turns, context)),
    { name: 'study demo model', chunkSize: 8, delayMs: 10 },
  );
}

/** Seed 004's five triggers, each with its scenario. */
const TRIGGERS = { questionWrong, flashcardStruggle, sessionStart, pageChange, highlightCreated } as const;

export function playScenario(text: string, turns: readonly Turn[], context?: Context): ScriptedRun {
  const { user, since } = currentRun(turns);
  const said = text.trim();

  const trigger = user?.trigger && Object.hasOwn(TRIGGERS, user.trigger) ? TRIGGERS[user.trigger as keyof typeof TRIGGERS] : undefined;
  if (user && trigger) return trigger(since, user, context);
  // Documents dragged from the library are read with readDocument; files from the learner's computer are uploads.
  const documents = user?.attachments?.filter((attachment) => !isUpload(attachment)) ?? [];
  if (documents.length) return summarizeAttachments(since, documents);
  const uploads = user?.attachments?.filter(isUpload) ?? [];
  if (uploads.length && !recognizedRequest(said)) return studyUploads(uploads);
  const request = recognize(said);
  switch (request.kind) {
    case 'flashcard-for':
      return flashcardFor(since, request.term);
    case 'flashcards':
      return makeFlashcards(since, request.page);
    case 'focus-area':
      return addFocusArea(since, request.topic);
    case 'quiz':
      return quizMe(since);
    case 'fix-notes':
      return fixNotes(since);
    case 'page-into-notes':
      return pageIntoNotes(since);
    case 'where':
      return showWhere(since, request.what, context);
    case 'related': {
      const thisPage = /^(?:this|it|this page|the page|what i am reading|what i'm reading)$/i.test(request.topic);
      return relatedContent(since, thisPage ? (headingOf(pageOnScreen(context).text) ?? 'this page') : request.topic);
    }
    case 'search':
      return searchLibrary(since, request.query);
    case 'remember':
      return remember(since, request.content);
    case 'recall':
      return recall(since);
    case 'forget':
      return forget(since, request.about);
    case 'go-to-page':
      return goToPage(since, request.page);
    case 'highlight':
      return highlight(since, request.quoted);
    case 'hello':
      return [[{ text: HELLO }]];
    case 'capabilities':
      return capabilities(said, request.asked);
  }
}

const HELLO =
  "Hello! I'm the study assistant of this reader. I can turn a page into flashcards and quiz you on them, search " +
  'your library, show you where something is explained, and tidy your notes. What are you working on?';

const CAN =
  '- make flashcards from a page, or one for a term, and quiz you on them\n' +
  '- search your library, find related content, show where something is explained on the page, highlight a passage\n' +
  '- add a page to your notes or fix their typos, go to a page, remember (or forget) what you tell me about yourself\n\n' +
  "The page tells me too when you miss a practice question or a card, highlight a passage, finish a page or come back. I'm " +
  'the offline demo model: I understand requests like these, not open conversation. With `ANTHROPIC_API_KEY` set on ' +
  'the server, Claude answers here with the same tools.';

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** What the agent can do, as chips the model understands: the answer to "what can you do?" and to what it does not understand. */
function capabilities(said: string, asked: boolean): ScriptedRun {
  return [[{ text: `${asked ? '' : `I'm not sure what you mean by “${clip(said)}”. `}While you study, I can:` }, suggestionsCall(CAN, HELP_SUGGESTIONS)], []];
}
