import { agentClient, type AgentClient } from '../../src/testing/agent-client.js';

const clients = new Map<string, AgentClient>();

/**
 * The one client (one cookie jar, so one anonymous principal) for a server: a test's requests to a server all come
 * from the same browser unless it makes a second `agentClient` on purpose.
 */
export function sameBrowser(url: string): AgentClient {
  let client = clients.get(url);
  if (!client) {
    client = agentClient(url);
    clients.set(url, client);
  }
  return client;
}

/** The anonymous principal a browser's cookies carry (the signed cookie's value): whose sessions its requests reach. */
export function anonymousPrincipalOf(cookies: ReadonlyMap<string, string>): string {
  const cookie = cookies.get('agent_chat_principal');
  if (!cookie) throw new Error('anonymousPrincipalOf: this browser has no principal cookie yet (send a request first)');
  return decodeURIComponent(cookie).split('.')[0]!;
}
