import { createAgentChat, finalAnswerTool, type BlobStore, type Model, type SessionStore } from '@agent-chat/server';
import { readDocument, readPage, searchDocument } from './document-tools.js';
import type { LearnerStore } from './learner-store.js';
import { memoryTools } from './memory-tools.js';
import { pageTools } from './page-tools.js';
import { documentSearchers, findRelatedContentTool, searchLibraryTool } from './search-tools.js';
import { sendStatusMessage } from './status-tool.js';
import { studySystemPrompt } from './system-prompt.js';
import { workspaceReadTools } from './workspace-read-tools.js';
import { demoUser } from '../../server/demo-user.js';
import { suggestionsTool } from '../../server/suggestions-tool.js';

export interface StudyAgentOptions {
  model: Model;
  /** The fast model, for the search sub-agents (`modelFromEnv({ fast: true })`); default: `model`. */
  fastModel?: Model;
  sessions: SessionStore;
  learners: LearnerStore;
  /** Where the files the learner attaches are kept (photos of pages, lecture PDFs, typed notes). */
  uploads: BlobStore;
}

/** The study agent: seed 004's tools and prompt on @agent-chat/server. The same for Claude and for the demo model. */
export function studyAgent({ model, fastModel, sessions, learners, uploads }: StudyAgentOptions) {
  // One search sub-agent per document, on the fast model; searchLibrary and findRelatedContent start them.
  const searchers = documentSearchers(learners, fastModel ?? model);
  return createAgentChat({
    ...demoUser,
    model,
    store: sessions,
    // A learner brings what they study from elsewhere: a photo of a textbook page, a lecture's slides, typed notes.
    // The types Claude reads as content blocks; 5 MiB is its limit for one image.
    uploads: { store: uploads, mediaTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'], maxFiles: 5 },
    system: studySystemPrompt(learners),
    tools: [
      readPage,
      readDocument,
      searchDocument,
      ...workspaceReadTools(learners),
      searchLibraryTool(searchers),
      findRelatedContentTool(searchers),
      ...memoryTools(learners),
      sendStatusMessage,
      ...pageTools,
      finalAnswerTool(),
      suggestionsTool(),
    ],
    // "Make flashcards" is readPage, a status, N cards and an answer: a few more steps than a chat needs.
    maxSteps: 12,
    // Seed 004's open question 4 ("Max parallel searches? 5 concurrent?"): 5 search sub-agents at once.
    subagentConcurrency: 5,
    // Seed 004, Context Compression: recent messages in full, older ones folded into a summary (errors kept).
    compression: { maxTokens: 24_000, keepLastMessages: 10 },
  });
}
