/** Where the session an endpoint continues is kept: this, then the endpoint. */
export const STORAGE_PREFIX = 'agent-chat:session:';

/** Ids this page made up and has sent nothing on yet: the server cannot have a history for them. */
const unused = new Set<string>();

/** A fresh session id: letters, digits and dashes, as the server's sessionId rule allows. */
export function newSessionId(): string {
  const c = globalThis.crypto;
  // randomUUID exists only in secure contexts; a plain-http intranet page still gets a random id.
  let id: string;
  if (typeof c?.randomUUID === 'function') id = c.randomUUID();
  else {
    const bytes = new Uint8Array(16);
    c.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  unused.add(id);
  return id;
}

/**
 * Whether this page made the id up and nothing was sent on it yet: then there is no history to fetch (asking would
 * only cost a request answered with the empty history).
 */
export function isUnusedSessionId(id: string): boolean {
  return unused.has(id);
}

/** Something is being sent on this session: from now on the server may have a history for it. */
export function markSessionUsed(id: string): void {
  unused.delete(id);
}

/**
 * The session to continue for an endpoint when the page names none: the one kept in localStorage from an
 * earlier visit, or a new one that is kept for the next. One per endpoint, so two agents on a page don't mix.
 */
export function rememberedSessionId(endpoint: string): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_PREFIX + endpoint);
  } catch {
    // Storage blocked (privacy mode, sandboxed iframe): the conversation lasts as long as the page.
  }
  if (stored) return stored;
  const id = newSessionId();
  rememberSessionId(endpoint, id);
  return id;
}

/** Continue `id` for `endpoint` from now on, on this page and the next visit (a switch in the thread view). */
export function rememberSessionId(endpoint: string, id: string): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + endpoint, id);
  } catch {
    // Storage blocked: the session lasts as long as the page.
  }
}
