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
  /**
   * Stop one branch and those below it. A call whose sub-agent has not started yet (it waits for its turn under the
   * concurrency limit) is stopped as it starts.
   */
  stop(toolCallId: string): void;
}

export function branchRegistry(): RunBranches {
  const running = new Map<string, { controller: AbortController; alone: boolean }>();
  const stoppedBeforeStart = new Set<string>();
  return {
    open(toolCallId, parent) {
      const controller = new AbortController();
      const entry = { controller, alone: false };
      const follow = () => controller.abort(parent.reason);
      if (stoppedBeforeStart.delete(toolCallId)) {
        entry.alone = true;
        controller.abort(new BranchStopped(toolCallId));
      } else if (parent.aborted) follow();
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
      if (!entry) {
        // Not started here yet, or never (an id of no call): kept for this run only, which ends with it.
        stoppedBeforeStart.add(toolCallId);
        return;
      }
      if (entry.controller.signal.aborted) return;
      entry.alone = true;
      entry.controller.abort(new BranchStopped(toolCallId));
    },
  };
}

/** The reason of a branch's signal when the user stopped that branch (or one above it) alone. */
export class BranchStopped extends Error {
  constructor(toolCallId: string) {
    super(`The sub-agent of call ${toolCallId} was stopped.`);
    this.name = 'BranchStopped';
  }
}
