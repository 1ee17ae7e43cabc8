import type { Context } from 'hono';
import { errorJson } from '../http/errors.js';
import type { ActiveRun } from '../run/run-registry.js';
import type { Runtime } from '../runtime.js';
import type { SessionRecord } from '../session/session-record.js';

/**
 * Take the session's run slot (409 if a run is in flight: turns never interleave), load the session, and hand
 * both to `start`. The slot is given back if anything fails before the run's stream takes it over.
 */
export async function withSession(
  c: Context,
  sessionId: string,
  runtime: Runtime,
  start: (session: SessionRecord, active: ActiveRun) => Response | Promise<Response>,
): Promise<Response> {
  const active = runtime.runs.tryStart(sessionId);
  if (!active) {
    return errorJson(
      c,
      409,
      'conflict',
      `A run is already in progress for session "${sessionId}": wait for its done event, or stop it with POST sessions/${sessionId}/cancel.`,
    );
  }
  try {
    return await start(await runtime.loadSession(sessionId), active);
  } catch (error) {
    runtime.runs.finish(sessionId, active);
    throw error;
  }
}
