import { defineSubagent, type Model, type Tool } from '@agent-chat/server';
import { z } from 'zod';
import { documentSearcher } from './document-searcher.js';
import type { LearnerStore } from './learner-store.js';
import { library } from './library.js';
import { aggregate, planOf, planPrompt, searchDispatcher } from './search-dispatcher.js';

// searchLibrary and findRelatedContent (seed 004, Search Tools, Subagent Architecture): each spawns one search
// sub-agent per document, on the fast model, and returns what they found, aggregated and ranked. Both are sub-agents
// themselves (defineSubagent), run by the dispatcher (search-dispatcher.ts), so the conversation shows the tree:
// the tool's call, under it one branch per document, under each the reads of that document and what it found.

const DISPATCHER_SYSTEM =
  'Start one search sub-agent per document of the plan, all in one step, and say how many passages they found. ' +
  '(Played by code, search-dispatcher.ts: no model reads this.)';

/** One search sub-agent per document of the library, on `fast`: shared by both tools. */
export function documentSearchers(store: LearnerStore, fast: Model): Tool[] {
  return library.list().map((summary) => documentSearcher(library.require(summary.id), store, fast));
}

/** What both search tools run: the code dispatcher (search-dispatcher.ts), starting one searcher per document. */
function dispatching(searchers: readonly Tool[]) {
  return { system: DISPATCHER_SYSTEM, model: searchDispatcher(), tools: searchers, maxSteps: 2 };
}

/**
 * searchLibrary: every document of the library, and the learner's notes on each, searched by its own sub-agent at
 * once; each document that matches comes back once, best first, with its passages and their pages.
 */
export function searchLibraryTool(searchers: readonly Tool[]): Tool {
  return defineSubagent({
    name: 'searchLibrary',
    description:
      "Search every document of the user's library, and the user's notes on each, for a topic: one search sub-agent per document, in parallel. Returns each matching document once, best first, with its passages (page numbers; source 'notes' for the user's notes) and what its sub-agent said.",
    input: z.object({
      query: z.string().min(1),
      limit: z.number().int().min(1).max(20).default(8).describe('At most this many passages in all'),
    }),
    label: (input) => `Searching the library for “${input.query}”`,
    prompt: ({ query, limit }) => planPrompt({ query, documents: library.list().map((doc) => doc.id), limit, perDocument: 3 }),
    ...dispatching(searchers),
    result: (_final, turns) => {
      const plan = planOf(turns);
      const { searched, found, unfinished } = aggregate(turns, plan?.limit ?? 8);
      return { query: plan?.query, searched, documents: found, ...(unfinished.length ? { unfinished } : {}) };
    },
  });
}

/**
 * findRelatedContent: the other documents of the library that touch a topic, with a passage or two each, to point
 * the learner from what they read to where else it comes up. The same sub-agents, without the document the learner
 * has open (or the one named).
 */
export function findRelatedContentTool(searchers: readonly Tool[]): Tool {
  return defineSubagent({
    name: 'findRelatedContent',
    description:
      "Find material related to a topic in the other documents of the library (and the user's notes on them), one search sub-agent per document: each related document once, with a passage or two and their pages. Leaves out the current document.",
    input: z.object({
      topic: z.string().min(1).describe('A few words: a concept, a term, a question'),
      currentDocumentId: z.string().optional().describe('The document to leave out; default: the one the user has open'),
    }),
    label: (input) => `Finding material related to “${input.topic}”`,
    prompt: ({ topic, currentDocumentId }) =>
      planPrompt({ query: topic, documents: library.list().map((doc) => doc.id), leaveOut: currentDocumentId ?? 'open', limit: 8, perDocument: 2 }),
    ...dispatching(searchers),
    result: (_final, turns) => {
      const plan = planOf(turns);
      const { searched, found, unfinished } = aggregate(turns, plan?.limit ?? 8);
      // The document left out: the one named, or the one open, which the dispatcher read from the page's context: the
      // document of the library it did not search (none when it searched them all).
      const named = plan?.leaveOut !== 'open' ? plan?.leaveOut : undefined;
      const currentDocumentId = named ?? library.list().find((doc) => !searched.includes(doc.id))?.id;
      return {
        topic: plan?.query,
        currentDocumentId,
        related: found,
        ...(unfinished.length ? { unfinished } : {}),
        ...(found.length || unfinished.length ? {} : { note: 'Nothing else in the library mentions it; try broader words.' }),
      };
    },
  });
}
