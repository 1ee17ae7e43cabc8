import { describeIssues, sessionIdSchema } from '@agent-chat/protocol';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from './env.js';
import { invalidRequest } from './errors.js';

/** Check the `:sessionId` path parameter once, for every session route. */
export const sessionIdParam = createMiddleware<AgentChatEnv>(async (c, next) => {
  const parsed = sessionIdSchema.safeParse(c.req.param('sessionId'));
  if (!parsed.success) {
    return invalidRequest(c, describeIssues(parsed.error).map((issue) => ({ ...issue, field: 'sessionId', message: issue.message.replace(/^body/, 'sessionId') })));
  }
  c.set('sessionId', parsed.data);
  await next();
});
