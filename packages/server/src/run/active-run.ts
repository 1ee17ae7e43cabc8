import type { SessionRef } from '../session/session-ref.js';

/** A run this instance is executing: its id, whose session it is, and how to stop it. */
export interface ActiveRun {
  runId: string;
  /** The session, found by its owner and id; its key is the run slot it holds, the log its events go to, where Stop reaches it. */
  ref: SessionRef;
  controller: AbortController;
}
