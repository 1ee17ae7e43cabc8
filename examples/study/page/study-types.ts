// The shapes of the study app's own API, shared by the page and the server (the server imports them as types only,
// so nothing of the page runs on the server and the page needs no build step).

/** A document of the library as the sidebar lists it. */
export interface DocumentSummary {
  id: string;
  title: string;
  subject: string;
  pageCount: number;
}

/** A document with its pages' text (markdown: paragraphs, **bold** key terms). */
export interface StudyDocument extends DocumentSummary {
  pages: string[];
  questions: PracticeQuestion[];
}

export interface PracticeQuestion {
  id: string;
  topic: string;
  /** The page the answer is on. */
  pageNumber: number;
  prompt: string;
  options: string[];
  answer: string;
}

export interface Flashcard {
  id: string;
  term: string;
  definition: string;
  sourcePageNumber?: number;
  createdAt: number;
  /** How many times in a row the learner marked it "Again" in review (seed 004's flashcardStruggle counts these). */
  againCount?: number;
  /** Days until it is due again, doubled by each "Got it"; what it was when "Again" reset it is the trigger's lastInterval. */
  interval?: number;
}

export type HighlightColor = 'yellow' | 'green' | 'blue' | 'pink';

export interface Highlight {
  id: string;
  pageNumber: number;
  text: string;
  color: HighlightColor;
  comment?: string;
}

/** One learner's work on one document: the truth the server keeps and the page edits. */
export interface Workspace {
  notes: string;
  flashcards: Flashcard[];
  highlights: Highlight[];
}

export type MemoryType = 'goal' | 'preference' | 'struggle' | 'strength' | 'fact';

/** One thing the agent keeps about the learner (seed 004, Memory System). */
export interface Memory {
  id: string;
  type: MemoryType;
  content: string;
  source: 'explicit' | 'inferred';
  confidence: number;
  createdAt: number;
  updatedAt: number;
}

/** What `GET /study/api/info` says about the model in use, for the page's badge. */
export interface ModelInfo {
  offline: boolean;
  name: string;
}

/**
 * The page context the page's adapter sends with every message (`getContext()`): where the learner is and what they
 * see, but only counts and an excerpt of notes and deck, so the agent reads those in full on demand (seed 004:
 * selective depth over automatic continuity).
 */
export interface StudyPageContext {
  [key: string]: unknown;
  learnerId: string;
  document: { id: string; title: string; currentPage: number; totalPages: number };
  visibleText: string;
  selectedText?: string;
  highlightsOnPage: string[];
  notesExcerpt: string;
  flashcardDeck: { cards: number };
  /** The blocks of the page on screen, where they are: what highlightArea's bounds come from. */
  pageLayout: LayoutBlock[];
}

/** A box on a page, as fractions of the page's text area (0 to 1, from its top-left corner). */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One block of the page on screen (a heading, a paragraph, a list item): its first words and its bounds. */
export interface LayoutBlock {
  text: string;
  bounds: Bounds;
}
