import type { AgentChatAdapter } from '../context/adapter.js';
import { isUnusedSessionId } from '../conversation/session-id.js';
import type { EarlyHistory } from './early-history.js';
import type { TransportName } from './transport.js';

/** What the early request reads of the element (`<agent-chat>` has it all). */
export interface HistoryHost {
  readonly endpoint: string;
  readonly sessionId: string;
  readonly transport: TransportName | undefined;
  readonly adapter: AgentChatAdapter | undefined;
}

/**
 * GET the history of the session `host` shows, as AgentClient.getSession would (the URL, the host's headers and
 * credentials), before the conversation's chunk is in: nothing when there is none to ask (no endpoint, an id this
 * page made up, an AG-UI agent, which has no such route). A request that fails here is made again by the load.
 */
export function askHistoryEarly(host: HistoryHost): EarlyHistory | undefined {
  const { endpoint, sessionId, adapter } = host;
  if (!endpoint || !sessionId || isUnusedSessionId(sessionId) || host.transport === 'ag-ui') return undefined;
  // AgentClient's URL: its endpoint without trailing slashes, then its #session path (early-history.test.ts holds the two equal).
  const url = `${endpoint.replace(/\/+$/, '')}/sessions/${encodeURIComponent(sessionId)}`;
  const credentials = adapter?.credentials;
  const response = Promise.resolve()
    .then(() => adapter?.headers?.())
    .then((headers) => fetch(url, { headers, ...(credentials ? { credentials } : {}) }))
    .catch(() => undefined);
  return { url, response };
}
