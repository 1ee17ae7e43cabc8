const STORAGE_PREFIX = 'agent-chat:session:';

/** A fresh session id: letters, digits and dashes, as the server's sessionId rule allows. */
export function newSessionId(): string {
  const c = globalThis.crypto;
  // randomUUID exists only in secure contexts; a plain-http intranet page still gets a random id.
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The session to continue for an endpoint when the page names none: the one kept in localStorage from an
 * earlier visit, or a new one that is kept for the next. One per endpoint, so two agents on a page don't mix.
 */
export function rememberedSessionId(endpoint: string): string {
  const key = STORAGE_PREFIX + endpoint;
  try {
    const stored = localStorage.getItem(key);
    if (stored) return stored;
    const id = newSessionId();
    localStorage.setItem(key, id);
    return id;
  } catch {
    // Storage blocked (privacy mode, sandboxed iframe): the conversation lasts as long as the page.
    return newSessionId();
  }
}
