import { SESSION_PREFIX } from '../page/persona-session.js';
import { isPersonaId } from './persona-store.js';

export { sessionIdFor } from '../page/persona-session.js';

/**
 * The persona a session is about, or undefined when the session id does not name one. The tools, the system
 * prompt and the README's curl commands all find the persona this way, so a request needs no page context to be
 * about the right persona, and no page can point the agent at one persona while showing another.
 */
export function personaIdOf(sessionId: string): string | undefined {
  if (!sessionId.startsWith(SESSION_PREFIX)) return undefined;
  const id = sessionId.slice(SESSION_PREFIX.length);
  return isPersonaId(id) ? id : undefined;
}

/** For the tools: the persona, or an error the agent can read. */
export function requirePersonaId(sessionId: string): string {
  const id = personaIdOf(sessionId);
  if (!id) throw new Error(`Session "${sessionId}" is not about a persona: persona sessions are named persona-<id>.`);
  return id;
}
