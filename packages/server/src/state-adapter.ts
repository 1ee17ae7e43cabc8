/**
 * The host's server-side state, as far as undo needs it (seed 000 §3.5). `snapshot` is taken before the first
 * write tool of a turn and must be JSON (it is stored with the session); `restore` puts it back. A session is its
 * principal's and its id together: two principals may use one id for two sessions, so state kept per session is
 * kept per (principal, sessionId).
 */
export interface StateAdapter {
  snapshot(sessionId: string, principal: string): unknown;
  restore(sessionId: string, snapshot: unknown, principal: string): unknown;
}
