import type { AgentClientOptions } from '../agent-client.js';
import type { AgUiClient } from './ag-ui-client.js';

/** The AG-UI client of one conversation's client (one per `options`: it keeps the thread), once its chunk is in. */
export const agUi = (options: AgentClientOptions): Promise<AgUiClient> => import('../../chunks/ag-ui-transport.js').then((chunk) => chunk.agUi(options));
