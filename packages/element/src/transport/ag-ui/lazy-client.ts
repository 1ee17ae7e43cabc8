import type { AnswerInputRequest, Context, InputRequest, ResumeRequest, SendMessageRequest } from '@agent-chat/protocol';
import type { FeatureModule } from '../../features/registry.js';
import type { AgentClientOptions } from '../agent-client.js';
import type { AgentTransport } from '../transport.js';

/**
 * The transport of `<agent-chat transport="ag-ui">`, made where every client is made (ElementHost.client()): each
 * call asks for the AG-UI client's chunk (chunks/ag-ui-transport.ts, through `chunk`: the feature registry) and
 * hands the call on to that conversation's client, so a page on the element's own server carries none of the AG-UI
 * code. One per `options`, as the AG-UI client it stands for (which keeps the thread).
 */
export class LazyAgUiClient implements AgentTransport {
  readonly endpoint: string;
  readonly transport = 'ag-ui';
  readonly #options: AgentClientOptions;
  readonly #chunk: () => Promise<FeatureModule<'ag-ui-transport'>>;

  constructor(options: AgentClientOptions, chunk: () => Promise<FeatureModule<'ag-ui-transport'>>) {
    this.endpoint = options.endpoint;
    this.#options = options;
    this.#chunk = chunk;
  }

  sendMessage(sessionId: string, body: SendMessageRequest, signal: AbortSignal) {
    return this.#client().then((client) => client.sendMessage(sessionId, body, signal));
  }

  resume(sessionId: string, body: ResumeRequest, signal: AbortSignal) {
    return this.#client().then((client) => client.resume(sessionId, body, signal));
  }

  follow(sessionId: string, after: number, signal: AbortSignal) {
    return this.#client().then((client) => client.follow(sessionId, after, signal));
  }

  waitForRun(sessionId: string, after: number, signal: AbortSignal) {
    return this.#client().then((client) => client.waitForRun(sessionId, after, signal));
  }

  answerInput(sessionId: string, request: InputRequest, answer: AnswerInputRequest) {
    return this.#client().then((client) => client.answerInput!(sessionId, request, answer));
  }

  cancel(sessionId: string) {
    return this.#client().then((client) => client.cancel(sessionId));
  }

  undo(sessionId: string) {
    return this.#client().then((client) => client.undo(sessionId));
  }

  getSession(sessionId: string, signal?: AbortSignal) {
    return this.#client().then((client) => client.getSession(sessionId, signal));
  }

  deleteSession(sessionId: string) {
    return this.#client().then((client) => client.deleteSession(sessionId));
  }

  tools(signal?: AbortSignal) {
    return this.#client().then((client) => client.tools(signal));
  }

  commands(sessionId: string, context: Context | undefined) {
    return this.#client().then((client) => client.commands(sessionId, context));
  }

  request(path: string, init?: RequestInit) {
    return this.#client().then((client) => client.request(path, init));
  }

  /** The chunk's client for these options (the same one each time); a chunk that failed to load is asked for again. */
  #client(): Promise<AgentTransport> {
    return this.#chunk().then((chunk) => chunk.agUi(this.#options));
  }
}
