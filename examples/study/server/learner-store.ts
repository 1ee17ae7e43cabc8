import { join } from 'node:path';
import type { Flashcard, Memory, Workspace } from '../page/study-types.js';
import { JsonFiles } from './json-file.js';
import { starterNotes } from './library-texts.js';

const LEARNER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isLearnerId(value: unknown): value is string {
  return typeof value === 'string' && LEARNER_ID.test(value);
}

/** A new learner's deck, so readFlashcards has something to show before the first "make flashcards". */
function starterCards(documentId: string): Flashcard[] {
  if (documentId !== 'cell-cycle') return [];
  return [
    { id: 'card-starter-1', term: 'Cell cycle', definition: 'The ordered series of events by which a cell grows, copies its DNA and divides.', sourcePageNumber: 1, createdAt: 0 },
    { id: 'card-starter-2', term: 'PMAT', definition: 'The order of the stages of mitosis: prophase, metaphase, anaphase, telophase.', sourcePageNumber: 2, createdAt: 0 },
  ];
}

/**
 * Each learner's work, one JSON file per document (notes, deck, highlights) and one for memories, under the
 * example's data folder. This is the truth: the page loads it, edits it when it runs the agent's client tools, and
 * saves it back before answering the agent, so the server's read tools see every change of the same turn.
 */
export function learnerStore(dataDir: string) {
  const files = new JsonFiles();
  const dir = (learnerId: string) => {
    if (!isLearnerId(learnerId)) throw new Error(`Invalid learner id "${learnerId}"`);
    return join(dataDir, 'learners', learnerId);
  };
  const workspacePath = (learnerId: string, documentId: string) => join(dir(learnerId), `workspace-${documentId}.json`);
  const fresh = (documentId: string): Workspace => ({ notes: starterNotes[documentId] ?? '', flashcards: starterCards(documentId), highlights: [] });

  return {
    workspace(learnerId: string, documentId: string): Promise<Workspace> {
      return files.read(workspacePath(learnerId, documentId), () => fresh(documentId));
    },

    saveWorkspace(learnerId: string, documentId: string, patch: Partial<Workspace>): Promise<Workspace> {
      return files.update(workspacePath(learnerId, documentId), () => fresh(documentId), (current) => ({ ...current, ...patch }));
    },

    memories(learnerId: string): Promise<Memory[]> {
      return files.read(join(dir(learnerId), 'memories.json'), () => []);
    },

    updateMemories(learnerId: string, change: (memories: Memory[]) => Memory[]): Promise<Memory[]> {
      return files.update(join(dir(learnerId), 'memories.json'), () => [], change);
    },
  };
}

export type LearnerStore = ReturnType<typeof learnerStore>;
