import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { sessionIdParam } from '../http/session-id.js';
import { appendTurn } from '../run/run-turns.js';
import { commitSession } from '../session/commit-session.js';
import type { Runtime } from '../runtime.js';
import { withSession } from './with-session.js';

/** POST /sessions/:sessionId/undo: restore the state from before the last writing turn. One level (seed 000 §3.5). */
export function undoRoute(runtime: Runtime) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/undo', sessionIdParam, async (c) => {
    const sessionId = c.get('sessionId');
    const { state } = runtime.deps;
    const busy = `Session "${sessionId}" has a run in progress: undo after it ends.`;
    return withSession(c, runtime, { create: false, busy }, async (session) => {
      if (!state || !session.undo) {
        return errorJson(c, 404, 'not_found', `Nothing to undo in session "${sessionId}".`);
      }
      const restored = await state.restore(sessionId, session.undo.snapshot, session.owner ?? '');
      const result = restored === undefined ? session.undo.snapshot : restored;
      delete session.undo;
      // A later write in this turn (a resume) snapshots the restored state, not what was there before the undo.
      delete session.turnSnapshot;
      session.turnHasWrites = false;
      appendTurn(session, { type: 'status', text: 'Changes undone', code: 'undone' });
      session.updatedAt = Date.now();
      await commitSession(runtime.store, session);
      return c.json({ state: result });
    });
  });
}
