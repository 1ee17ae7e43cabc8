/**
 * The host's server-side state, as far as undo needs it (seed 000 §3.5). `snapshot` is taken before the first
 * write tool of a turn and must be JSON (it is stored with the session); `restore` puts it back.
 */
export interface StateAdapter {
  snapshot(sessionId: string): unknown;
  restore(sessionId: string, snapshot: unknown): unknown;
}
