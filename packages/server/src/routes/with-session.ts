import type { Context } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import type { ActiveRun } from '../run/active-run.js';
import { newId } from '../run/ids.js';
import type { Runtime } from '../runtime.js';
import { loadOrCreateOwnSession, loadOwnSession, noSuchSession } from '../session/owned-session.js';
import type { SessionRecord } from '../session/session-record.js';

export interface SessionSlotOptions {
  /** A request that may start the session (a first message, an import); otherwise a missing session is a 404. */
  create: boolean;
  /** The 409's words when a run is in flight. */
  busy?: string;
}

/**
 * Take the caller's session's run slot (409 if a run is in flight, on any instance: turns never interleave), load
 * the session, and hand both to `start`, which takes the slot over (a run gives it back when it ends). Slot and
 * session are the caller's own of this id (`sessionRef`): another principal's of the same id is never touched, and a
 * stranger's request goes exactly as it would for an id nobody used. The slot is given back if anything fails
 * before `start` returns.
 */
export async function withSession<E extends AgentChatEnv>(
  c: Context<E>,
  runtime: Runtime,
  options: SessionSlotOptions,
  start: (session: SessionRecord, active: ActiveRun) => Response | Promise<Response>,
): Promise<Response> {
  const sessionId: string = c.get('sessionId');
  const ref = c.get('sessionRef');
  const active: ActiveRun = { runId: newId('run'), principal: ref.owner, key: ref.key, controller: new AbortController() };
  // The slot is keyed by owner and id: whoever holds it is the caller, in another tab or request.
  if (!(await runtime.runs.claim(ref.key, { runId: active.runId, principal: ref.owner }))) {
    return errorJson(
      c,
      409,
      'conflict',
      options.busy ??
        `A run is already in progress for session "${sessionId}": wait for its done event, or stop it with POST sessions/${sessionId}/cancel.`,
    );
  }
  try {
    const session = options.create ? await loadOrCreateOwnSession(runtime, ref) : await loadOwnSession(runtime, ref);
    if (!session) {
      await runtime.runs.release(ref.key, active.runId);
      return sessionNotFound(c, sessionId);
    }
    return await start(session, active);
  } catch (error) {
    await runtime.runs.release(ref.key, active.runId);
    throw error;
  }
}

/** `withSession` for a request answered at once: the slot is given back when `work` is done. */
export function holdingSession<E extends AgentChatEnv>(
  c: Context<E>,
  runtime: Runtime,
  options: SessionSlotOptions,
  work: (session: SessionRecord) => Response | Promise<Response>,
): Promise<Response> {
  return withSession(c, runtime, options, async (session, active) => {
    try {
      return await work(session);
    } finally {
      await runtime.runs.release(active.key, active.runId);
    }
  });
}

export function sessionNotFound(c: Context, sessionId: string): Response {
  return errorJson(c, 404, 'not_found', noSuchSession(sessionId), { field: 'sessionId' });
}

/** With the cancelOnDisconnect option, the run's own request going away stops it; otherwise only Stop does. */
export function disconnectPolicy(runtime: Runtime, active: ActiveRun): { onDisconnect?: () => void } {
  return runtime.cancelOnDisconnect ? { onDisconnect: () => void runtime.runs.requestCancel(active.key, active.runId) } : {};
}
