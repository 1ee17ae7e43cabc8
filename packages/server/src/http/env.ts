/** Hono variables the middleware sets for the routes. */
export interface AgentChatEnv {
  Variables: {
    body: unknown;
    sessionId: string;
  };
}
