// The agent server scenario for the confirmation cards of issue #20: `/api/cards`, a rename that asks only for
// items that exist (a "sometimes" tool: its descriptor cannot say it is a card), a remove that always asks, and a
// confirmed write that runs until Stop. For point 4: the same cards, with the same outcome, after a reload.
import type { Hono } from 'hono';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { CARDS } from './card-texts.js';

/** Resolves when the signal aborts; the fallback only ends a tool whose test has already failed. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 10_000);
    signal.addEventListener('abort', () => (clearTimeout(fallback), resolve()), { once: true });
  });
}

const renameItem = defineTool({
  name: 'rename_item',
  description: 'Rename a board item',
  kind: 'write',
  input: z.object({ id: z.string(), title: z.string().min(3) }),
  label: CARDS.renameLabel,
  needsConfirmation: ({ id }) => id.startsWith('F-'),
  preview: ({ id, title }) => ({ title: `Rename ${id}`, before: CARDS.oldTitle, after: title }),
  execute: ({ id, title }) => ({ id, title }),
});

const removeItem = defineTool({
  name: 'remove_item',
  description: 'Remove a board item',
  kind: 'write',
  input: z.object({ id: z.string() }),
  label: CARDS.removeLabel,
  needsConfirmation: true,
  preview: ({ id }) => ({ title: `Remove ${id}`, impact: [...CARDS.impact] }),
  execute: ({ id }) => ({ removed: id }),
});

/** Rewrites one slide, then waits for Stop: always "Stopped after 1 of 3 slides." once confirmed. */
const rewriteSlides = defineTool({
  name: 'rewrite_slides',
  description: 'Rewrite every slide',
  kind: 'write',
  input: z.object({}),
  label: CARDS.rewriteLabel,
  needsConfirmation: true,
  execute: async (_input, { signal, status }) => {
    status(CARDS.progress(1));
    await untilAborted(signal);
    return signal.aborted ? CARDS.partial : `All ${CARDS.slides} slides rewritten.`;
  },
});

const CALLS: Record<string, { tool: string; input?: Record<string, string> }> = {
  [CARDS.rename]: { tool: 'rename_item', input: { id: 'F-1', title: CARDS.proposedTitle } },
  [CARDS.remove]: { tool: 'remove_item', input: { id: 'F-2' } },
  [CARDS.rewrite]: { tool: 'rewrite_slides' },
};

export function mountCardScenarios(app: Hono): void {
  app.route(
    '/api/cards',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text }) => [[CALLS[text] ?? { text: CARDS.reply }], [{ text: CARDS.reply }]]),
      tools: [renameItem, removeItem, rewriteSlides],
    }),
  );
}
