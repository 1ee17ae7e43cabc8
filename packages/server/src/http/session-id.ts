import { describeIssues, sessionIdSchema } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { sessionRef } from '../session/session-ref.js';
import type { AgentChatEnv } from './env.js';
import { invalidRequest } from './errors.js';

/** Check the `:sessionId` path parameter once, for every session route, and scope it to the caller. */
export const sessionIdParam = createMiddleware<AgentChatEnv>(async (c, next) => {
  const parsed = sessionIdSchema.safeParse(c.req.param('sessionId'));
  if (!parsed.success) {
    return invalidRequest(c, describeIssues(parsed.error).map((issue) => ({ ...issue, field: 'sessionId', message: issue.message.replace(/^body/, 'sessionId') })));
  }
  await useSession(c, parsed.data);
  await next();
});

/**
 * The request is about the caller's session of this (checked) id: the one place a request's session is named, after
 * the principal is known. Everything downstream finds it by `sessionRef`, so no route can reach another owner's.
 */
export async function useSession(c: Context<AgentChatEnv>, sessionId: string): Promise<void> {
  c.set('sessionId', sessionId);
  c.set('sessionRef', await sessionRef(c.get('principal'), sessionId));
}
