import { newId } from './ids.js';

export interface ActiveRun {
  runId: string;
  /** Whose session it is: a stranger asking about a running session must learn nothing, not even that it runs. */
  principal: string;
  controller: AbortController;
}

/**
 * The runs in flight in this process, one per session at most: turns never interleave. Taking a slot is
 * synchronous, so two requests that arrive together cannot both get it.
 */
export class RunRegistry {
  private readonly runs = new Map<string, ActiveRun>();

  tryStart(sessionId: string, principal: string): ActiveRun | undefined {
    if (this.runs.has(sessionId)) return undefined;
    const run = { runId: newId('run'), principal, controller: new AbortController() };
    this.runs.set(sessionId, run);
    return run;
  }

  get(sessionId: string): ActiveRun | undefined {
    return this.runs.get(sessionId);
  }

  /** A run of someone else's is in flight on this id. */
  heldByOther(sessionId: string, principal: string): boolean {
    const run = this.runs.get(sessionId);
    return run !== undefined && run.principal !== principal;
  }

  finish(sessionId: string, run: ActiveRun): void {
    if (this.runs.get(sessionId) === run) this.runs.delete(sessionId);
  }

  /** Ask the session's run to stop between steps; false when nothing of this principal's runs. */
  cancel(sessionId: string, principal: string): boolean {
    const run = this.runs.get(sessionId);
    if (!run || run.principal !== principal) return false;
    run.controller.abort();
    return true;
  }
}
