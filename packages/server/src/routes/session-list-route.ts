import { describeIssues, listSessionsQuerySchema, renameSessionRequestSchema, SESSION_LIST_DEFAULT, type RenameSessionResponse, type SessionListResponse } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { commitSession } from '../session/commit-session.js';
import { decodeCursor, encodeCursor } from '../session/list-cursor.js';
import { withSession } from './with-session.js';

/** GET /sessions (the caller's conversations, newest first, a page at a time) and PATCH /sessions/:id (rename one). */
export function sessionListRoutes(runtime: Runtime) {
  return new Hono<AgentChatEnv>()
    .get('/sessions', async (c) => {
      const parsed = listSessionsQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidRequest(c, describeIssues(parsed.error));
      const { store } = runtime;
      if (!store.listByOwner) {
        return errorJson(c, 404, 'not_found', 'This server keeps no list of conversations: its store has no listByOwner.');
      }
      const { limit = SESSION_LIST_DEFAULT, cursor } = parsed.data;
      // Only the caller's: the list is read by owner, so another principal's sessions are never even looked at.
      const page = await store.listByOwner(c.get('principal'), { limit, ...(cursor ? { after: decodeCursor(cursor) } : {}) });
      const body: SessionListResponse = {
        sessions: page.sessions.map(({ id, title, updatedAt }) => ({ id, title: title ?? '', updatedAt })),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
      return c.json(body);
    })
    .patch('/sessions/:sessionId', sessionIdParam, jsonBody(renameSessionRequestSchema, runtime.limits), (c) => {
      const { title } = c.get('body');
      const busy = `Session "${c.get('sessionId')}" has a run in progress: rename it after the reply.`;
      return withSession(c, runtime, { create: false, busy }, async (session) => {
        // A rename is no activity: the conversation keeps its place in the list.
        session.title = title;
        await commitSession(runtime.store, session);
        const body: RenameSessionResponse = { id: session.id, title, updatedAt: session.updatedAt };
        return c.json(body);
      });
    });
}
