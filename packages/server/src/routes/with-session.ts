import type { Context } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { inRunSlot, type RunSlot } from '../run/run-slot.js';
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
 * Take the caller's session's run slot (409 if a run is in flight), load the session, and hand both to `start`.
 * Whatever `start` answers, the slot is given back as it returns (or throws), unless a run it started took the slot
 * over (`slot.handOver()`, which the run starters call): a refusal simply returns its response. Slot and session
 * are the caller's own of this id (`sessionRef`): another principal's of the same id is never touched, and a
 * stranger's request goes exactly as it would for an id nobody used.
 */
export function withSession<E extends AgentChatEnv>(
  c: Context<E>,
  runtime: Pick<Runtime, 'runs' | 'store'>,
  options: SessionSlotOptions,
  start: (session: SessionRecord, slot: RunSlot) => Response | Promise<Response>,
): Promise<Response> {
  const sessionId: string = c.get('sessionId');
  const ref = c.get('sessionRef');
  const busy = () =>
    errorJson(
      c,
      409,
      'conflict',
      options.busy ??
        `A run is already in progress for session "${sessionId}": wait for its done event, or stop it with POST sessions/${sessionId}/cancel.`,
    );
  return inRunSlot(
    runtime.runs,
    ref,
    async (slot) => {
      // Held from before the load: pushed out of a bounded store between this load and the run's first write (the
      // run waits for the log to catch up first), the session would be gone under the version the request read.
      // A run that starts takes a hold of its own before this one is let go.
      const letGo = runtime.store.hold?.(ref);
      try {
        const session = options.create ? await loadOrCreateOwnSession(runtime.store, ref) : await loadOwnSession(runtime.store, ref);
        return session ? await start(session, slot) : sessionNotFound(c, sessionId);
      } finally {
        letGo?.();
      }
    },
    busy,
  );
}

export function sessionNotFound(c: Context, sessionId: string): Response {
  return errorJson(c, 404, 'not_found', noSuchSession(sessionId), { field: 'sessionId' });
}

/** With the cancelOnDisconnect option, the run's own request going away stops it; otherwise only Stop does. */
export function disconnectPolicy(runtime: Pick<Runtime, 'runs' | 'cancelOnDisconnect'>, run: Pick<RunSlot, 'key' | 'runId'>): { onDisconnect?: () => void } {
  return runtime.cancelOnDisconnect ? { onDisconnect: () => void runtime.runs.requestCancel(run.key, run.runId) } : {};
}
