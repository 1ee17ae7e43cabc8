// The AG-UI transport's chunk (`<agent-chat transport="ag-ui">`), asked for at the first request such an element
// makes (transport/ag-ui/lazy-client.ts). It imports the shell and the conversation first, for the bundle's sake:
// see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import type { AgentClientOptions } from '../transport/agent-client.js';
import { AgUiClient } from '../transport/ag-ui/ag-ui-client.js';

export { AgUiClient };

const clients = new WeakMap<AgentClientOptions, AgUiClient>();

/** The AG-UI client of one conversation's client (one per `options`: it keeps the thread). */
export function agUi(options: AgentClientOptions): AgUiClient {
  let client = clients.get(options);
  if (!client) clients.set(options, (client = new AgUiClient(options)));
  return client;
}
