import { importSessionRequestSchema, type SessionResponse } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { checkImport } from '../session/check-import.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';

/** GET /sessions/:sessionId (the stored history), PUT (import a saved one) and DELETE (clear it). */
export function sessionRoutes(runtime: Runtime) {
  return new Hono<AgentChatEnv>()
    .get('/sessions/:sessionId', sessionIdParam, async (c) => {
      const session = await runtime.loadSession(c.get('sessionId'));
      const body: SessionResponse = {
        sessionId: session.id,
        turns: session.turns,
        pending: session.pending,
        undoable: session.undo !== undefined && runtime.deps.state !== undefined,
        running: runtime.runs.get(session.id) !== undefined,
        lastEventId: session.lastEventId,
      };
      return c.json(body);
    })
    .put('/sessions/:sessionId', sessionIdParam, jsonBody(importSessionRequestSchema), async (c) => {
      const sessionId = c.get('sessionId');
      const { turns, pending = [] } = c.get('body');
      const issue = checkImport(turns, pending);
      if (issue) return invalidRequest(c, [issue]);
      const active = runtime.runs.tryStart(sessionId);
      if (!active) return errorJson(c, 409, 'conflict', `Session "${sessionId}" has a run in progress: import after it ends.`);
      try {
        const session = await runtime.loadSession(sessionId);
        // The imported turns replace the history; event ids keep increasing, and undo does not cross an import.
        Object.assign(session, { turns, pending, turnHasWrites: false, updatedAt: Date.now() });
        delete session.undo;
        delete session.turnSnapshot;
        delete session.pendingContext;
        await runtime.store.save(session);
        return c.json({ imported: turns.length });
      } finally {
        runtime.runs.finish(sessionId, active);
      }
    })
    .delete('/sessions/:sessionId', sessionIdParam, async (c) => {
      const sessionId = c.get('sessionId');
      if (runtime.runs.get(sessionId)) {
        return errorJson(c, 409, 'conflict', `Session "${sessionId}" has a run in progress: stop it before clearing.`);
      }
      await runtime.store.delete(sessionId);
      return c.json({ deleted: true });
    });
}
