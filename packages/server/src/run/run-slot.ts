import type { RunCoordinator } from '../coordination/run-coordinator.js';
import type { SessionRef } from '../session/session-ref.js';
import type { ActiveRun } from './active-run.js';
import { newId } from './ids.js';

/**
 * A session's run slot, held by a request while it decides whether a run starts. A refusal is a plain return: the
 * scope that took the slot (`inRunSlot`) gives it back on every way out, so no path can forget to. Only a run that
 * starts keeps it, by taking it over.
 */
export interface RunSlot {
  /** The id the run will have if one starts (Stop and the event log name it). */
  readonly runId: string;
  /** The session's key (SessionRef.key): the slot held. */
  readonly key: string;
  /**
   * Give the slot to the run that starts now: from here on that run gives it back when it ends (background-run.ts),
   * whatever happens to this request. Once only, and only while the scope is open.
   */
  handOver(): ActiveRun;
}

/**
 * Take the session's run slot and run `use` with it; `busy` answers instead when another run holds it (on any
 * instance: turns never interleave). The slot is given back when `use` returns or throws, unless it was handed over.
 */
export async function inRunSlot<T, B>(runs: RunCoordinator, ref: SessionRef, use: (slot: RunSlot) => Promise<T>, busy: () => B): Promise<T | B> {
  const active: ActiveRun = { runId: newId('run'), ref, controller: new AbortController() };
  // The slot is keyed by owner and id: whoever holds it is the caller, in another tab or request.
  if (!(await runs.claim(ref.key, { runId: active.runId, principal: ref.owner }))) return busy();
  let state: 'held' | 'handed over' | 'given back' = 'held';
  const slot: RunSlot = {
    runId: active.runId,
    key: ref.key,
    handOver() {
      // Past the scope the slot is someone else's to take: a run started then would run unguarded.
      if (state !== 'held') throw new Error(`agent-chat: a run slot ${state} cannot be handed over`);
      state = 'handed over';
      return active;
    },
  };
  try {
    return await use(slot);
  } finally {
    if (state === 'held') {
      state = 'given back';
      await runs.release(ref.key, active.runId);
    }
  }
}
