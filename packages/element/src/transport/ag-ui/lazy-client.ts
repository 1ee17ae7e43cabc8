import type { FeatureModule } from '../../features/registry.js';
import type { AgentClient, AgentClientOptions } from '../agent-client.js';

/**
 * The client of `<agent-chat transport="ag-ui">`, made where the conversation makes its client: a stand-in until
 * the first call loads the AG-UI client's chunk (chunks/ag-ui-transport.ts, through `chunk`), so a page on the
 * element's own server carries none of it. It reads its `endpoint` from `options`; anything else is a method, and
 * every method of a client is async, so each waits for the chunk. Nothing resolves a promise with a client, so `then` is never asked for. Kept this small because it
 * is in the conversation's budgeted chunk (build.mjs).
 */
export const agUiClient = (options: AgentClientOptions, chunk: () => Promise<FeatureModule<'ag-ui-transport'>>): AgentClient =>
  new Proxy(options, {
    get: (target, key: 'tools') => target[key as keyof AgentClientOptions] ?? ((...args: []) => chunk().then((module) => module.agUi(target)).then((client) => client[key](...args))),
  }) as unknown as AgentClient;
