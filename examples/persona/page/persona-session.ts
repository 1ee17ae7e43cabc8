/**
 * One agent session per persona, named after it (`persona-optimist`): the page shows the persona's conversation
 * by naming its session, and the server finds the persona from the session id alone. Shared by both sides.
 */
export const SESSION_PREFIX = 'persona-';

export function sessionIdFor(personaId: string): string {
  return SESSION_PREFIX + personaId;
}
