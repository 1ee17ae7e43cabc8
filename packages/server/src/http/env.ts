import type { SessionRef } from '../session/session-ref.js';

/** Hono variables the middleware sets for the routes. */
export interface AgentChatEnv {
  Variables: {
    body: unknown;
    /** The session id as the caller gave it (in the path, or AG-UI's threadId): what answers and events say. */
    sessionId: string;
    /** The session the request means: the caller's own of that id (see SessionRef). Stores, run slots and logs are keyed by it. */
    sessionRef: SessionRef;
    /** Who is calling (see the authorize option); every session route checks the session is theirs. */
    principal: string;
  };
}
