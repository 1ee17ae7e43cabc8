import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { readEnv } from '../read-env.js';
import type { Authorize } from './principal.js';

export const ANONYMOUS_COOKIE = 'agent_chat_principal';
const ANONYMOUS_ID = /^anon_[0-9a-f]{32}$/;
/** Browsers cap a cookie's life at 400 days; the principal should outlive the conversations it owns. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * With no `authorize`, each browser is its own principal: a random id in a signed, HttpOnly, SameSite=Lax cookie,
 * set on its first request. A cookie that was not signed with this key (forged, or from before a key change) is
 * replaced, so nobody can choose to be someone else.
 */
export function anonymousPrincipal(secretFor: () => string): Authorize {
  return async (c: Context) => {
    const secret = secretFor();
    const existing = await getSignedCookie(c, secret, ANONYMOUS_COOKIE);
    if (typeof existing === 'string' && ANONYMOUS_ID.test(existing)) return existing;
    const id = `anon_${crypto.randomUUID().replaceAll('-', '')}`;
    await setSignedCookie(c, ANONYMOUS_COOKIE, id, secret, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: MAX_AGE_SECONDS,
    });
    return id;
  };
}

/**
 * The key that signs anonymous principals: the `secret` option, else AGENT_CHAT_SECRET, else a random key for this
 * process only, with one warning, since every anonymous session is orphaned when the process restarts. A given key
 * is checked at once; a random one is made on the first request, because Workers allow no randomness at start-up.
 */
export function signingSecret(given: string | undefined, warn: (line: string) => void = console.warn): () => string {
  const secret = given ?? readEnv('AGENT_CHAT_SECRET');
  if (secret !== undefined && secret !== '') {
    if (secret.length < 32) throw new TypeError('createAgentChat: secret (or AGENT_CHAT_SECRET) must be at least 32 characters');
    return () => secret;
  }
  let random: string | undefined;
  return () => {
    if (random === undefined) {
      warn('[agent-chat] no secret option or AGENT_CHAT_SECRET: anonymous sessions are signed with a random key and will not survive a restart.');
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      random = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    }
    return random;
  };
}

