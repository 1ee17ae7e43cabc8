// The agent server scenarios for a stopped step (issue #20, point 3) and for Undo as the server sees it (point 2):
// `/api/stopping`, a write tool that ends early on Stop; `/api/undo-turns`, a write and a read-only turn over a board.
import type { Hono } from 'hono';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { STOPPING, UNDO_TURNS } from './stop-and-undo-texts.js';

/** Each session's slides and board, so tests never see each other's writes. */
const decks = new Map<string, string[]>();
const deck = (sessionId: string) =>
  decks.get(sessionId) ?? decks.set(sessionId, Array.from({ length: STOPPING.slides }, (_, i) => `Slide ${i + 1}`)).get(sessionId)!;
const boards = new Map<string, string>();
const board = (sessionId: string) => boards.get(sessionId) ?? UNDO_TURNS.initialTitle;

/** Resolves when the signal aborts; the fallback only ends a tool whose test has already failed. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 10_000);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(fallback);
        resolve();
      },
      { once: true },
    );
  });
}

/** Rewrites three slides, then waits on the fourth until Stop: always "Stopped after 3 of 6 slides." */
const regenerate = defineTool({
  name: 'regenerate_slides',
  description: 'Rewrite every slide, one at a time',
  kind: 'write',
  input: z.object({}),
  label: STOPPING.writeLabel,
  execute: async (_input, { sessionId, signal, status }) => {
    const slides = deck(sessionId);
    let done = 0;
    for (let i = 0; i < slides.length; i++) {
      if (i === STOPPING.doneBeforeStop) await untilAborted(signal);
      if (signal.aborted) break;
      slides[i] = `Rewritten ${i + 1}`;
      done++;
      status(STOPPING.progress(done));
    }
    return done === slides.length ? `All ${done} slides rewritten.` : STOPPING.partial;
  },
});

const readDeck = defineTool({
  name: 'read_deck',
  description: 'Read the deck',
  input: z.object({}),
  label: STOPPING.readLabel,
  execute: (_input, { sessionId }) => deck(sessionId).join(', '),
});

const renameBoard = defineTool({
  name: 'rename_board',
  description: 'Rename the board',
  kind: 'write',
  input: z.object({ title: z.string() }),
  label: 'Renaming the board to {title}',
  execute: ({ title }, { sessionId }) => {
    boards.set(sessionId, title);
    return { title };
  },
});

const readBoard = defineTool({
  name: 'read_board',
  description: 'Read the board',
  input: z.object({}),
  label: 'Reading the board',
  execute: (_input, { sessionId }) => ({ title: board(sessionId) }),
});

export function mountStopAndUndoScenarios(app: Hono): void {
  app.route(
    '/api/stopping',
    createAgentChat({
      ...testAccess,
      model: scriptedModel([[{ tool: 'regenerate_slides' }, { tool: 'read_deck' }], [{ text: 'All rewritten.' }]]),
      tools: [regenerate, readDeck],
      state: {
        snapshot: (sessionId) => [...deck(sessionId)],
        restore: (sessionId, snapshot) => {
          decks.set(sessionId, [...(snapshot as string[])]);
        },
      },
    }),
  );
  app.route(
    '/api/undo-turns',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text }) => {
        if (text === UNDO_TURNS.write) return [[{ tool: 'rename_board', input: { title: UNDO_TURNS.newTitle } }], [{ text: UNDO_TURNS.renamed }]];
        if (text === UNDO_TURNS.slowRead) return [[{ text: UNDO_TURNS.slowStart }, { delayMs: UNDO_TURNS.slowPauseMs }, { text: ' Done.' }]];
        return [[{ tool: 'read_board' }], [{ text: UNDO_TURNS.readReply }]];
      }),
      tools: [renameBoard, readBoard],
      state: {
        snapshot: (sessionId) => ({ title: board(sessionId) }),
        restore: (sessionId, snapshot) => {
          boards.set(sessionId, (snapshot as { title: string }).title);
          return { title: board(sessionId) };
        },
      },
    }),
  );
}
