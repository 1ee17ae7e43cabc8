import { retryable } from '../../load-once.js';
import { AgentClient, type AgentClientOptions } from '../agent-client.js';

/**
 * The client of `<agent-chat transport="ag-ui">`, made where the conversation makes its client: it stands in for
 * the AG-UI client (chunks/ag-ui-transport.ts) until the first call loads it, so a page on the element's own
 * server carries none of it. Every method of a client is async, so each waits for the chunk; `endpoint` is read
 * at once. (Nothing resolves a promise with a client, so the proxy's `then` is never asked for.)
 */
export const agUiClient = (options: AgentClientOptions): AgentClient => {
  const load = retryable(() => import('../../chunks/ag-ui-transport.js').then(({ AgUiClient }) => new AgUiClient(options)));
  return new Proxy(new AgentClient(options), {
    get: (target, key: 'endpoint' | 'tools') =>
      key == 'endpoint' ? target.endpoint : (...args: []) => load().then((client) => client[key](...args)),
  });
};
