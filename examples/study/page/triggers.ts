import type { AgentChat } from '@agent-chat/element';
import type { FlashcardStrugglePayload } from './deck-panel.js';
import type { QuestionWrongPayload } from './practice-panel.js';
import type { StudyState } from './study-state.js';
import type { Highlight } from './study-types.js';

// Seed 004's Trigger Events: what the learner does in the page becomes a message to the agent, sent on their behalf
// with `el.trigger(name, payload, options)`. The payload goes in the context (context.trigger), the text is what the
// chat shows as sent. All are `low`: they wait while the learner types or a reply streams, and are sent when the chat
// is free (the seed's "suppress if user is mid-conversation"); each has a cooldown (open question 5) so a burst of
// events is one message. Where a trigger could fire on every page turn, the page fires it only when it means
// something: a return to a document after a while away, a page actually read.

/** Seed 004's sessionStart payload. */
export interface SessionStartPayload {
  documentId: string;
  /** When the learner last had this document open (ISO 8601). */
  lastVisited: string;
  resumeContext: { page: number; totalPages: number; title: string };
}

/** Seed 004's pageChange payload. */
export interface PageChangePayload {
  fromPage: number;
  toPage: number;
  /** Seconds on the page the learner left. */
  timeOnPage: number;
}

/** Seed 004's highlightCreated payload. */
export interface HighlightCreatedPayload {
  text: string;
  pageNumber: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const COOLDOWN = {
  questionWrong: 30 * SECOND,
  flashcardStruggle: MINUTE,
  sessionStart: 10 * MINUTE,
  pageChange: 2 * MINUTE,
  highlightCreated: MINUTE,
};
/** A page turned after less time than this was flipped through, not read: no pageChange. */
export const PAGE_READ_MS = 30 * SECOND;
/** A document opened again within this time of the last look at it is the same session (a reload, a glance at another document): no sessionStart. */
export const SESSION_GAP_MS = 30 * MINUTE;

const quote = (text: string, chars = 120) => `“${text.length > chars ? `${text.slice(0, chars).trimEnd()}…` : text}”`;

/** "2 days ago", "3 hours ago", "a few minutes ago": how long since the last visit, as the chat says it. */
export function since(then: number, now = Date.now()): string {
  const minutes = Math.round((now - then) / MINUTE);
  if (minutes < 5) return 'a few minutes ago';
  if (minutes < 90) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 36) return `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

interface Visit {
  at: number;
  page: number;
}

/** When the learner last had each document open, and on which page: kept in this browser, per learner. */
function visits(learnerId: string) {
  const key = `study-example-visits:${learnerId}`;
  const read = (): Record<string, Visit> => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, Visit>;
    } catch {
      return {};
    }
  };
  return {
    get: (documentId: string): Visit | undefined => read()[documentId],
    set: (documentId: string, visit: Visit) => localStorage.setItem(key, JSON.stringify({ ...read(), [documentId]: visit })),
  };
}

/**
 * The five triggers, wired to the page: sessionStart by itself (when a document the learner left at least
 * SESSION_GAP_MS ago opens again), the others through the callbacks the panels call.
 */
export function studyTriggers(chat: AgentChat, state: StudyState) {
  const visited = visits(state.learnerId);

  state.on('document', () => {
    const doc = state.doc;
    if (!doc) return;
    const last = visited.get(doc.id);
    visited.set(doc.id, { at: Date.now(), page: state.page });
    if (!last || Date.now() - last.at < SESSION_GAP_MS) return;
    const payload: SessionStartPayload = {
      documentId: doc.id,
      lastVisited: new Date(last.at).toISOString(),
      resumeContext: { page: last.page, totalPages: doc.pages.length, title: doc.title },
    };
    const text = `I opened “${doc.title}” again (last visit ${since(last.at)}, on page ${last.page}).`;
    chat.trigger('sessionStart', payload, { priority: 'low', cooldownMs: COOLDOWN.sessionStart, text });
  });
  state.on('page', () => {
    if (state.doc) visited.set(state.doc.id, { at: Date.now(), page: state.page });
  });

  return {
    questionWrong(payload: QuestionWrongPayload, prompt: string): void {
      const text = `Practice question: “${prompt}” I answered ${payload.userAnswer}, which is wrong.`;
      chat.trigger('questionWrong', payload, { priority: 'low', cooldownMs: COOLDOWN.questionWrong, text });
    },
    flashcardStruggle(payload: FlashcardStrugglePayload): void {
      const text = `I keep missing the flashcard “${payload.term}” (${payload.againCount} times in a row).`;
      chat.trigger('flashcardStruggle', payload, { priority: 'low', cooldownMs: COOLDOWN.flashcardStruggle, text });
    },
    pageChange(fromPage: number, toPage: number, msOnPage: number): void {
      if (msOnPage < PAGE_READ_MS || !state.doc) return;
      const payload: PageChangePayload = { fromPage, toPage, timeOnPage: Math.round(msOnPage / SECOND) };
      const minutes = Math.max(1, Math.round(msOnPage / MINUTE));
      const text = `I finished page ${fromPage} of “${state.doc.title}” (${minutes} min on it) and turned to page ${toPage}.`;
      chat.trigger('pageChange', payload, { priority: 'low', cooldownMs: COOLDOWN.pageChange, text });
    },
    highlightCreated(highlight: Highlight): void {
      const payload: HighlightCreatedPayload = { text: highlight.text, pageNumber: highlight.pageNumber };
      const text = `I highlighted ${quote(highlight.text)} on page ${highlight.pageNumber}.`;
      chat.trigger('highlightCreated', payload, { priority: 'low', cooldownMs: COOLDOWN.highlightCreated, text });
    },
  };
}
