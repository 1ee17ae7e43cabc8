import type { InputAnswer } from '@agent-chat/protocol';

/** The run that holds a session's run slot: which run, and whose session it is. */
export interface RunClaim {
  runId: string;
  principal: string;
}

/**
 * One run per session at a time, across every instance that shares the store, and Stop from any of them. The
 * in-process one (`localRunCoordinator`) is enough for one instance; `@agent-chat/server/redis` has one for many. A
 * session is named by its key (SessionRef.key: its owner and id together), so two owners' sessions of one id have
 * two slots, and one cannot see or stop the other's run.
 */
export interface RunCoordinator {
  /** Take the session's run slot for this run; false when another run holds it, here or elsewhere. */
  claim(key: string, claim: RunClaim): Promise<boolean>;
  /** The run that holds the slot now, wherever it runs; undefined when none does. */
  holder(key: string): Promise<RunClaim | undefined>;
  /** Give the slot back, if this run still holds it. */
  release(key: string, runId: string): Promise<void>;
  /**
   * Ask a run to stop, wherever it runs: the instance running it calls that run's `onCancel` listener. With a
   * `toolCallId`, only the sub-agent that call started (and those it started) is to stop.
   */
  requestCancel(key: string, runId: string, toolCallId?: string): Promise<void>;
  /** Listen for Stop of a run of this instance (`toolCallId`: of one of its sub-agents); returns the unsubscribe. */
  onCancel(key: string, runId: string, stop: (toolCallId?: string) => void): () => void;
  /**
   * Answer an input request of a run (a tool call waiting for the user), wherever the run runs. Each request is
   * answered once, whoever answers (the user on any instance, or the run itself on Stop, a timeout or its end): true
   * for the one answer taken, false for any after it.
   */
  answerInput(key: string, runId: string, requestId: string, answer: InputAnswer): Promise<boolean>;
  /**
   * Listen for answers to a run of this instance's input requests; returns the unsubscribe. `deliver` says whether
   * the request was still open here (the in-process coordinator's answer is that).
   */
  onInputAnswer(key: string, runId: string, deliver: (requestId: string, answer: InputAnswer) => boolean): () => void;
  /** Let go of connections and timers (a Redis client); the in-process one has none. */
  close?(): Promise<void>;
}

/** Runs in this process only: a slot per session, taken synchronously so two requests cannot both get it. */
export function localRunCoordinator(): RunCoordinator {
  const claims = new Map<string, RunClaim>();
  const listeners = new Map<string, (toolCallId?: string) => void>();
  const answerListeners = new Map<string, (requestId: string, answer: InputAnswer) => boolean>();
  const listenerKey = (key: string, runId: string) => `${key}\n${runId}`;
  return {
    async claim(key, claim) {
      if (claims.has(key)) return false;
      claims.set(key, claim);
      return true;
    },
    async holder(key) {
      return claims.get(key);
    },
    async release(key, runId) {
      if (claims.get(key)?.runId === runId) claims.delete(key);
    },
    async requestCancel(key, runId, toolCallId) {
      listeners.get(listenerKey(key, runId))?.(toolCallId);
    },
    onCancel(key, runId, stop) {
      listeners.set(listenerKey(key, runId), stop);
      return () => {
        if (listeners.get(listenerKey(key, runId)) === stop) listeners.delete(listenerKey(key, runId));
      };
    },
    // Decided synchronously by the run itself: the first answer closes the request, so a second finds it closed.
    async answerInput(key, runId, requestId, answer) {
      return answerListeners.get(listenerKey(key, runId))?.(requestId, answer) ?? false;
    },
    onInputAnswer(key, runId, deliver) {
      answerListeners.set(listenerKey(key, runId), deliver);
      return () => {
        if (answerListeners.get(listenerKey(key, runId)) === deliver) answerListeners.delete(listenerKey(key, runId));
      };
    },
  };
}
