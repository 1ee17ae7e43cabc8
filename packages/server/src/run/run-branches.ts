/** One sub-agent's run as the run's branches know it. */
export interface Branch {
  /** Aborted when the run stops, when this branch is stopped, or when a branch above it is. */
  readonly signal: AbortSignal;
  /** Whether this branch (or one above it) was stopped on its own, the rest of the run going on. */
  readonly stoppedAlone: boolean;
  /** The branch has ended: it can no longer be stopped. */
  close(): void;
}

/**
 * The sub-agents running in one run, by the call that started each. A branch's signal follows the signal of what
 * started it (the run's, or the branch above), so stopping a branch stops the sub-agents it started, and Stop of the
 * whole run stops every branch.
 */
export interface RunBranches {
  open(toolCallId: string, parent: AbortSignal): Branch;
  /** Stop one branch and those below it; false when no branch of that call is running here. */
  stop(toolCallId: string): boolean;
}

export function runBranches(): RunBranches {
  const running = new Map<string, { controller: AbortController; alone: boolean }>();
  return {
    open(toolCallId, parent) {
      const controller = new AbortController();
      const entry = { controller, alone: false };
      const follow = () => controller.abort(parent.reason);
      if (parent.aborted) follow();
      else parent.addEventListener('abort', follow, { once: true });
      running.set(toolCallId, entry);
      return {
        signal: controller.signal,
        get stoppedAlone() {
          // A branch above that was stopped alone aborted this one through its signal, with the same reason.
          return entry.alone || controller.signal.reason instanceof BranchStopped;
        },
        close() {
          parent.removeEventListener('abort', follow);
          if (running.get(toolCallId) === entry) running.delete(toolCallId);
        },
      };
    },
    stop(toolCallId) {
      const entry = running.get(toolCallId);
      if (!entry || entry.controller.signal.aborted) return false;
      entry.alone = true;
      entry.controller.abort(new BranchStopped(toolCallId));
      return true;
    },
  };
}

/** The reason of a branch's signal when the user stopped that branch (or one above it) alone. */
export class BranchStopped extends Error {
  constructor(readonly toolCallId: string) {
    super(`The sub-agent of call ${toolCallId} was stopped.`);
    this.name = 'BranchStopped';
  }
}
