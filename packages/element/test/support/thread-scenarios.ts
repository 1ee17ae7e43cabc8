// The agent server scenario for the thread view (issue #21, point 1): `/api/threads` answers every message with its
// echo, and who calls is the `x-test-user` header (the page sends it through adapter.headers), so one test page
// plays several users and each sees only their own conversations. Titles are the first words (the default).
import type { Hono } from 'hono';
import { createAgentChat, scriptedModel } from '@agent-chat/server';
import { echo } from './scenario-texts.js';
import { testAccess } from './test-access.js';
import { TEST_USER_HEADER } from './thread-texts.js';

export function mountThreadScenarios(app: Hono): void {
  app.route(
    '/api/threads',
    createAgentChat({
      ...testAccess,
      authorize: (c) => c.req.header(TEST_USER_HEADER) ?? null,
      model: scriptedModel(({ text }) => [[{ text: echo(text) }]]),
    }),
  );
}
