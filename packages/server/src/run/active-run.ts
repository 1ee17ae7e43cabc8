/** A run this instance is executing: its id, whose session it is, and how to stop it. */
export interface ActiveRun {
  runId: string;
  principal: string;
  /** The session's key (SessionRef.key): the run slot it holds, the log its events go to, where Stop reaches it. */
  key: string;
  controller: AbortController;
}
