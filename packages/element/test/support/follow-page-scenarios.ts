// The agent server scenario for a tool that reports progress and state while it runs (issue #20, point 6):
// `/api/progress` rewrites three slides, saying so and sending the deck after each, and holds after the second
// until the test lets it go (`POST /api/progress-release/:sessionId`), so the test can look at the running step.
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { PROGRESS } from './follow-page-texts.js';

const decks = new Map<string, string[]>();
const deck = (sessionId: string) => decks.get(sessionId) ?? decks.set(sessionId, Array.from({ length: PROGRESS.slides }, (_, i) => `Slide ${i + 1}`)).get(sessionId)!;

/** Each session's hold, opened by the test; the fallback only ends a tool whose test has already failed. */
const holds = new Map<string, () => void>();
const released = new Set<string>();
function hold(sessionId: string): Promise<void> {
  if (released.has(sessionId)) return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 10_000);
    holds.set(sessionId, () => {
      clearTimeout(fallback);
      resolve();
    });
  });
}

const rewrite = defineTool({
  name: 'rewrite_slides',
  description: 'Rewrite every slide, one at a time',
  kind: 'write',
  input: z.object({}),
  label: PROGRESS.label,
  execute: async (_input, { sessionId, status, state }) => {
    const slides = deck(sessionId);
    for (let i = 0; i < slides.length; i++) {
      if (i === PROGRESS.holdBefore) await hold(sessionId);
      status(PROGRESS.progress(i + 1));
      slides[i] = `Rewritten ${i + 1}`;
      state({ slides: [...slides] });
    }
    return `All ${slides.length} slides rewritten.`;
  },
});

export function mountFollowPageScenarios(app: Hono): void {
  app.use('/api/progress-release/*', cors());
  app.post('/api/progress-release/:sessionId', (c) => {
    const sessionId = c.req.param('sessionId');
    released.add(sessionId);
    holds.get(sessionId)?.();
    return c.json({ released: sessionId });
  });
  app.route(
    '/api/progress',
    createAgentChat({
      ...testAccess,
      model: scriptedModel([[{ tool: 'rewrite_slides' }], [{ text: PROGRESS.answer }]]),
      tools: [rewrite],
      state: {
        snapshot: (sessionId) => ({ slides: [...deck(sessionId)] }),
        restore: (sessionId, snapshot) => void decks.set(sessionId, [...(snapshot as { slides: string[] }).slides]),
      },
    }),
  );
}
