import type { FeatureModule } from '../../features/registry.js';
import type { AgentClientOptions } from '../agent-client.js';
import type { AgentTransport } from '../transport.js';

/** The requests of a transport, by name: what the lazy client hands on. */
type Requests = Omit<Required<AgentTransport>, 'endpoint' | 'transport'>;

/**
 * The transport of `<agent-chat transport="ag-ui">`, made where every client is made (ElementHost.client()): each
 * call asks for the AG-UI client's chunk (chunks/ag-ui-transport.ts, through `chunk`: the feature registry) and
 * hands the call on to that conversation's client, so a page on the element's own server carries none of the AG-UI
 * code. One per `options`, as the AG-UI client it stands for (which keeps the thread); a chunk that failed to load
 * is asked for again at the next call.
 */
export function lazyAgUiClient(options: AgentClientOptions, chunk: () => Promise<FeatureModule<'ag-ui-transport'>>): AgentTransport {
  // Each request as it is typed in AgentTransport: the chunk's client has the same methods.
  const on = <K extends keyof Requests>(name: K): Requests[K] =>
    ((...args: unknown[]) =>
      chunk().then((module) => {
        const client = module.agUi(options);
        return (client[name] as (...args: unknown[]) => unknown).apply(client, args);
      })) as Requests[K];
  return {
    endpoint: options.endpoint,
    transport: 'ag-ui',
    sendMessage: on('sendMessage'),
    resume: on('resume'),
    follow: on('follow'),
    waitForRun: on('waitForRun'),
    answerInput: on('answerInput'),
    cancel: on('cancel'),
    undo: on('undo'),
    getSession: on('getSession'),
    deleteSession: on('deleteSession'),
    tools: on('tools'),
    commands: on('commands'),
    request: on('request'),
  };
}
