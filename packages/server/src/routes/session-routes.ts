import { importSessionRequestSchema } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson, invalidRequest } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { checkImport } from '../session/check-import.js';
import { checkImportUploads } from '../uploads/import-uploads.js';
import { commitSession, freshSession, jsonChars } from '../session/commit-session.js';
import { sessionSizeIssue } from '../session/session-size.js';
import { loadOwnSession } from '../session/owned-session.js';
import { sessionResponse } from '../session/session-response.js';
import { titleFromText } from '../session/session-title.js';
import { withSession } from './with-session.js';

/**
 * GET /sessions/:sessionId (the stored history, empty for a session the caller never used), PUT (import a saved
 * one) and DELETE (clear it); the list and rename are in session-list-route.ts.
 */
export function sessionRoutes(runtime: Runtime) {
  return new Hono<AgentChatEnv>()
    .get('/sessions/:sessionId', sessionIdParam, async (c) => {
      const ref = c.get('sessionRef');
      // A session the caller has none of (new, cleared) is an empty conversation, not an error: the client chose the
      // id, and its first message starts it. A 404 here was a failed request on every new conversation (issue #31).
      const session = (await loadOwnSession(runtime.store, ref)) ?? freshSession(ref);
      const body = sessionResponse(runtime.deps.state, session, (await runtime.runs.holder(ref.key)) !== undefined);
      return c.json(body);
    })
    .put('/sessions/:sessionId', sessionIdParam, jsonBody(importSessionRequestSchema, runtime.limits, { pending: 'answers' }), async (c) => {
      const { turns, pending = [] } = c.get('body');
      const issue = checkImport(turns, pending);
      if (issue) return invalidRequest(c, [issue]);
      const upload = await checkImportUploads(turns, runtime.uploads, runtime.deps.model, c.get('principal'));
      if (upload) return errorJson(c, upload.status, upload.code, upload.message, { field: upload.field });
      const tooBig = sessionSizeIssue(turns.length, jsonChars(turns), runtime.limits, 'turns');
      if (tooBig) return errorJson(c, 413, 'session_full', tooBig.message, { field: tooBig.field });
      const busy = `Session "${c.get('sessionId')}" has a run in progress: import after it ends.`;
      return withSession(c, runtime, { create: true, busy }, async (session) => {
        // The imported turns replace the history; event ids keep increasing, and undo does not cross an import.
        Object.assign(session, { turns, pending, turnHasWrites: false, updatedAt: Date.now() });
        // An imported conversation that has no title yet is named as a first exchange would have named it.
        const first = turns.find((turn) => turn.type === 'user');
        if (session.title === undefined && first?.type === 'user') session.title = titleFromText(first.text);
        delete session.undo;
        delete session.turnSnapshot;
        delete session.pendingContext;
        // The imported history is the whole conversation: no alternatives of the one it replaces, no sub-agents' turns,
        // usage or input requests of the one it replaces.
        delete session.forks;
        delete session.subagentTurns;
        delete session.usage;
        delete session.branchUsage;
        delete session.inputRequests;
        await commitSession(runtime.store, session, { replaceTurns: true });
        return c.json({ imported: turns.length });
      });
    })
    .delete('/sessions/:sessionId', sessionIdParam, (c) => {
      const busy = `Session "${c.get('sessionId')}" has a run in progress: stop it before clearing.`;
      return withSession(c, runtime, { create: false, busy }, async () => {
        await runtime.store.delete(c.get('sessionRef'));
        return c.json({ deleted: true });
      });
    });
}
