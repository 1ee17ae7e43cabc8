/** Hono variables the middleware sets for the routes. */
export interface AgentChatEnv {
  Variables: {
    body: unknown;
    sessionId: string;
    /** Who is calling (see the authorize option); every session route checks the session is theirs. */
    principal: string;
  };
}
