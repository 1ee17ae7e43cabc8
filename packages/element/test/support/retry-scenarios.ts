// The agent server scenario for Retry after a network error (issue #20, point 7): `/api/unreachable-once` answers
// each session's first message with a 503 that carries no CORS headers, so the browser's fetch fails as it does when
// the server cannot be reached (a TypeError); the message never got to the agent. Later messages are echoed.
import type { Hono } from 'hono';
import { createAgentChat, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { echo } from './scenario-texts.js';

export function mountRetryScenarios(app: Hono): void {
  const reached = new Set<string>();
  app.post('/api/unreachable-once/sessions/:sessionId/messages', async (c, next) => {
    const sessionId = c.req.param('sessionId');
    if (reached.has(sessionId)) return next();
    reached.add(sessionId);
    return c.text('The agent server is unreachable.', 503);
  });
  app.route('/api/unreachable-once', createAgentChat({ ...testAccess, model: scriptedModel(({ text }) => [[{ text: echo(text) }]]) }));
}
