/** A run this instance is executing: its id, whose session it is, and how to stop it. */
export interface ActiveRun {
  runId: string;
  principal: string;
  controller: AbortController;
}
