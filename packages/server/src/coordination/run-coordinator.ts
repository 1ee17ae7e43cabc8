/** The run that holds a session's run slot: which run, and whose session it is. */
export interface RunClaim {
  runId: string;
  principal: string;
}

/**
 * One run per session at a time, across every instance that shares the store, and Stop from any of them. The
 * in-process one (`localRunCoordinator`) is enough for one instance; `@agent-chat/server/redis` has one for many.
 */
export interface RunCoordinator {
  /** Take the session's run slot for this run; false when another run holds it, here or elsewhere. */
  claim(sessionId: string, claim: RunClaim): Promise<boolean>;
  /** The run that holds the slot now, wherever it runs; undefined when none does. */
  holder(sessionId: string): Promise<RunClaim | undefined>;
  /** Give the slot back, if this run still holds it. */
  release(sessionId: string, runId: string): Promise<void>;
  /** Ask a run to stop, wherever it runs: the instance running it calls that run's `onCancel` listener. */
  requestCancel(sessionId: string, runId: string): Promise<void>;
  /** Listen for Stop of a run of this instance; returns the unsubscribe. */
  onCancel(sessionId: string, runId: string, stop: () => void): () => void;
  /** Let go of connections and timers (a Redis client); the in-process one has none. */
  close?(): Promise<void>;
}

/** Runs in this process only: a slot per session, taken synchronously so two requests cannot both get it. */
export function localRunCoordinator(): RunCoordinator {
  const claims = new Map<string, RunClaim>();
  const listeners = new Map<string, () => void>();
  const key = (sessionId: string, runId: string) => `${sessionId}\n${runId}`;
  return {
    async claim(sessionId, claim) {
      if (claims.has(sessionId)) return false;
      claims.set(sessionId, claim);
      return true;
    },
    async holder(sessionId) {
      return claims.get(sessionId);
    },
    async release(sessionId, runId) {
      if (claims.get(sessionId)?.runId === runId) claims.delete(sessionId);
    },
    async requestCancel(sessionId, runId) {
      listeners.get(key(sessionId, runId))?.();
    },
    onCancel(sessionId, runId, stop) {
      listeners.set(key(sessionId, runId), stop);
      return () => {
        if (listeners.get(key(sessionId, runId)) === stop) listeners.delete(key(sessionId, runId));
      };
    },
  };
}
