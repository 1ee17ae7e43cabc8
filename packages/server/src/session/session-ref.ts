/**
 * Which session a request means: a session is found by its owner and its id together, so the same id from two
 * principals is two sessions, and an id tells a stranger nothing (their request meets a session of their own that
 * does not exist yet, exactly as a never-used id would).
 */
export interface SessionRef {
  /** The principal the session belongs to (what `authorize` returned, or the anonymous cookie's id). */
  owner: string;
  /** The id the caller gave it: what every response, event, tool and hook is told. Unique per owner only. */
  id: string;
  /**
   * Owner and id as one opaque name: `~` and a SHA-256 digest of both (44 characters of `A–Z a–z 0–9 _ - ~`). Safe
   * in a file name or a Redis key whatever the principal holds (up to 512 characters), and never equal to a session
   * id (which has no `~`). Run slots and event logs are keyed by it; a store may key by it, or by owner and id.
   * Never shown to a client.
   */
  key: string;
}

/**
 * The one place a session's key is made: every request derives it once (the session-id middleware), and every part
 * keyed by session (store, run slot, event log) is handed the result. Web Crypto, so it runs on Node, Bun, Deno and
 * workerd alike. The pair is hashed as JSON, so no choice of owner and id can pass for another pair.
 */
export async function sessionRef(owner: string, id: string): Promise<SessionRef> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify([owner, id])));
  return { owner, id, key: `~${base64Url(new Uint8Array(digest))}` };
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
