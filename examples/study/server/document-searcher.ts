import { defineSubagent, defineTool, type Model, type Tool } from '@agent-chat/server';
import type { Turn } from '@agent-chat/protocol';
import { z } from 'zod';
import type { StudyDocument } from '../page/study-types.js';
import type { LearnerStore } from './learner-store.js';
import type { DocumentHits, Passage } from './library-search.js';
import { learnerIdOf } from './page-context.js';

// Seed 004's SearchSubagent: a lightweight agent on the fast model that searches one document. It reads the document
// (its pages, and the learner's notes on it) with read tools over that document alone, picks the passages that answer
// the query, reports them with reportPassages, and says in a line what it found. Its call's result is
// `{ documentId, title, subject, relevance, passages, summary }` (DocumentHits), made from its report.

/** The first words of every searcher's system prompt: how the offline demo model knows it is playing one. */
export const SEARCHER_ROLE = 'You are a search sub-agent of a study app.';

/** The name of the sub-agent that searches one document. */
export const searcherName = (documentId: string) => `search_${documentId}`;

/** The searcher's first message. readSearcherPrompt reads it back (the offline demo model plays from it). */
export function searcherPrompt(doc: StudyDocument, query: string, passages: number): string {
  return `Find what “${doc.title}” says about: ${oneLine(query)}\nReport at most ${passages} passages from its pages, and one from the learner's notes if they say something about it.`;
}

export function readSearcherPrompt(text: string): { title: string; query: string; passages: number } | undefined {
  const asked = /^Find what “(.+)” says about: (.+)$/m.exec(text);
  if (!asked) return undefined;
  return { title: asked[1]!, query: asked[2]!, passages: Number(/at most (\d+) passages/.exec(text)?.[1] ?? 3) };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const passageSchema = z.object({
  source: z.enum(['document', 'notes']),
  page: z.number().int().min(1).optional().describe('The page the passage is on; none for the notes'),
  text: z.string().min(1).max(600).describe('The passage, quoted as plain text (no markdown marks)'),
  relevance: z.number().min(0).max(1).describe('How well it answers the query: 1 answers it fully'),
});

/** The searcher's tools: they read this one document, and the learner's notes on it, and nothing else. */
function documentTools(doc: StudyDocument, store: LearnerStore): Tool[] {
  const readPages = defineTool({
    name: 'readPages',
    description: `Read pages of “${doc.title}” (${doc.pages.length} pages, markdown). Default: all of them.`,
    input: z.object({ from: z.number().int().min(1).optional(), to: z.number().int().min(1).optional() }),
    label: ({ from, to }) => (from || to ? `Reading pages ${from ?? 1}–${to ?? doc.pages.length} of “${doc.title}”` : `Reading “${doc.title}”`),
    execute: ({ from = 1, to = doc.pages.length }) => {
      const last = Math.min(to, doc.pages.length);
      if (from > last) throw new Error(`“${doc.title}” has pages 1 to ${doc.pages.length}.`);
      return { documentId: doc.id, title: doc.title, totalPages: doc.pages.length, pages: doc.pages.slice(from - 1, last).map((text, i) => ({ pageNumber: from + i, text })) };
    },
  });
  const readNotes = defineTool({
    name: 'readNotes',
    description: `Read the learner's own notes on “${doc.title}” (markdown).`,
    input: z.object({}),
    label: 'Reading the notes on it',
    execute: async (_input, { context }) => {
      const learnerId = learnerIdOf(context);
      const notes = learnerId ? (await store.workspace(learnerId, doc.id)).notes : '';
      return { documentId: doc.id, notes, ...(notes.trim() ? {} : { note: 'The learner has no notes on it.' }) };
    },
  });
  const reportPassages = defineTool({
    name: 'reportPassages',
    description: 'Report the passages that answer the query, best first, before you say what you found. Report none when nothing does.',
    input: z.object({ passages: z.array(passageSchema).max(6) }),
    label: ({ passages }) => `Reporting ${passages.length} passage${passages.length === 1 ? '' : 's'}`,
    execute: ({ passages }) => {
      const wrong = passages.find((passage) => passage.page !== undefined && passage.page > doc.pages.length);
      if (wrong) throw new Error(`“${doc.title}” has no page ${wrong.page}; it has ${doc.pages.length}.`);
      return `Reported ${passages.length} passage${passages.length === 1 ? '' : 's'}.`;
    },
  });
  return [readPages, readNotes, reportPassages];
}

const SEARCHER_SYSTEM = (doc: StudyDocument) =>
  `${SEARCHER_ROLE} The main agent asked you to search one document, “${doc.title}” (${doc.subject}, ${doc.pages.length} pages), ` +
  "and the learner's notes on it, for what it says about a query. Read it with readPages (and readNotes), then call " +
  'reportPassages once with the passages that answer the query, quoted as plain text, with their page and a relevance ' +
  'from 0 to 1, best first (none if nothing does). Then say in one sentence what the document says about it, or that it ' +
  'does not mention it. Do not answer from what you know: only from what you read.';

/** The passages of the searcher's last report the tool took (one it refused does not count). */
function reported(turns: readonly Turn[]): Passage[] {
  const refused = new Set(turns.flatMap((turn) => (turn.type === 'tool_result' && turn.isError ? [turn.toolCallId] : [])));
  const report = turns.findLast((turn) => turn.type === 'tool_call' && turn.name === 'reportPassages' && !refused.has(turn.toolCallId));
  const parsed = z.object({ passages: z.array(passageSchema) }).safeParse(report?.type === 'tool_call' ? report.input : undefined);
  if (!parsed.success) return [];
  return parsed.data.passages
    .map(({ source, page, text, relevance }) => ({ source, ...(source === 'document' && page ? { page } : {}), text, relevance }))
    .sort((a, b) => b.relevance - a.relevance);
}

/** The sub-agent that searches `doc`, on `model` (the fast one): a tool the search tools' dispatcher calls. */
export function documentSearcher(doc: StudyDocument, store: LearnerStore, model: Model): Tool {
  return defineSubagent({
    name: searcherName(doc.id),
    description: `Search “${doc.title}” and the learner's notes on it for a query, with a sub-agent of its own.`,
    input: z.object({ query: z.string().min(1), passages: z.number().int().min(1).max(5).default(3) }),
    // The query is in the label of the call above it; a branch's chip names its document.
    label: `Searching “${doc.title}”`,
    prompt: ({ query, passages }) => searcherPrompt(doc, query, passages),
    system: SEARCHER_SYSTEM(doc),
    model,
    tools: documentTools(doc, store),
    // Read, report, say it; and a step to spare for a page read again or a report refused.
    maxSteps: 5,
    result: (final, turns): DocumentHits => {
      const passages = reported(turns);
      return { documentId: doc.id, title: doc.title, subject: doc.subject, relevance: passages[0]?.relevance ?? 0, passages, summary: final };
    },
  });
}
