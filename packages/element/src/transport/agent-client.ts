import type { CommandsResponse, Context, ResumeRequest, SendMessageRequest, SessionResponse, ToolsResponse, UndoResponse } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import { takeEarlyHistory } from './early-history.js';
import { AgentHttpError, readHttpError } from './http-error.js';
import { readSseStream } from './sse-stream.js';
import type { AgentTransport, TransportName } from './transport.js';

export interface AgentClientOptions {
  /** Where the host mounted the agent server's routes, e.g. `/api/agent` or an absolute URL. */
  endpoint: string;
  /** Extra request headers (auth), read on every request so a host can rotate tokens. */
  headers?: () => HeadersInit | undefined | Promise<HeadersInit | undefined>;
  /** fetch's credentials mode, read on every request. */
  credentials?: () => RequestCredentials | undefined;
}

/** A write with no body to send still says JSON: the server refuses other types (its CSRF guard). */
const JSON_WRITE: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

/**
 * The server does not know this session (a 404 naming it), as opposed to a wrong endpoint's 404: what a server from
 * before issue #31 answers a new conversation's history, and every server a DELETE of one never stored.
 */
function isUnknownSession(error: unknown): boolean {
  return error instanceof AgentHttpError && error.status === 404 && error.field === 'sessionId';
}

/** The agent server's HTTP routes, one method each. Knows nothing of turns or rendering. */
export class AgentClient implements AgentTransport {
  readonly endpoint: string;
  readonly transport: TransportName = 'agent-chat';
  readonly #options: AgentClientOptions;

  constructor(options: AgentClientOptions) {
    this.endpoint = options.endpoint.replace(/\/+$/, '');
    this.#options = options;
  }

  /** POST a message; resolves once the server has accepted it and started streaming. */
  sendMessage(sessionId: string, body: SendMessageRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>> {
    return this.#stream(`${this.#session(sessionId)}/messages`, body, signal);
  }

  /** POST answers to the calls a run stopped for; the same turn continues as a new stream. */
  resume(sessionId: string, body: ResumeRequest, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>> {
    return this.#stream(`${this.#session(sessionId)}/resume`, body, signal);
  }

  /**
   * Pick a run up again: its events after `after`, then the live ones until `done`. Undefined when nothing is running
   * and nothing is left to replay (204).
   */
  async follow(sessionId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage> | undefined> {
    const response = await this.request(`${this.#session(sessionId)}/stream`, {
      headers: { 'last-event-id': String(after), accept: 'text/event-stream' },
      signal,
    });
    return response.status === 204 ? undefined : this.#events(response);
  }

  /**
   * GET /stream?wait=1: like `follow`, but with no run in flight the stream stays open until the session's next run
   * starts. Undefined when the server answered 204 anyway (one from before `wait`).
   */
  async waitForRun(sessionId: string, after: number, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage> | undefined> {
    const response = await this.request(`${this.#session(sessionId)}/stream?wait=1`, {
      headers: { 'last-event-id': String(after), accept: 'text/event-stream' },
      signal,
    });
    return response.status === 204 ? undefined : this.#events(response);
  }

  /** Ask the server to stop the session's run; it ends the stream with `done` (stopReason `cancelled`). */
  async cancel(sessionId: string): Promise<void> {
    await this.request(`${this.#session(sessionId)}/cancel`, JSON_WRITE);
  }

  async undo(sessionId: string): Promise<UndoResponse> {
    const response = await this.request(`${this.#session(sessionId)}/undo`, JSON_WRITE);
    return (await response.json()) as UndoResponse;
  }

  /** The stored conversation; one the server never stored (new, cleared) is empty (older servers said so with a 404). */
  async getSession(sessionId: string, signal?: AbortSignal): Promise<SessionResponse> {
    try {
      const path = this.#session(sessionId);
      const response = (await this.#earlyAnswer(path, signal)) ?? (await this.request(path, signal ? { signal } : {}));
      return (await response.json()) as SessionResponse;
    } catch (error) {
      if (!isUnknownSession(error)) throw error;
      return { sessionId, turns: [], pending: [], undoable: false, running: false, lastEventId: 0 };
    }
  }

  /**
   * The history the conversation's first chunk asked for (ask-history-early.ts), taken as this request's answer, an
   * error (an older server's 404 for a session it does not know) included. Asked again when that request failed on the way, or was
   * refused for its credentials (401, 403): the page may have set its adapter (auth) since. Handed over after the
   * next frame: the answer is often in before the parts' first render, and drawn in that same task the two made one
   * long task (measured: 51–96 ms with 1,000 messages).
   */
  async #earlyAnswer(path: string, signal?: AbortSignal): Promise<Response | undefined> {
    const response = await takeEarlyHistory(`${this.endpoint}${path}`);
    if (!response || response.status === 401 || response.status === 403) return undefined;
    if (!response.ok) throw await readHttpError(response);
    await new Promise((resolve) => (document.hidden ? setTimeout(resolve) : requestAnimationFrame(() => setTimeout(resolve))));
    signal?.throwIfAborted();
    return response;
  }

  /** Clear the conversation; one the server never stored is already clear. */
  async deleteSession(sessionId: string): Promise<void> {
    try {
      await this.request(this.#session(sessionId), { ...JSON_WRITE, method: 'DELETE' });
    } catch (error) {
      if (!isUnknownSession(error)) throw error;
    }
  }

  async tools(signal?: AbortSignal): Promise<ToolsResponse> {
    const response = await this.request('/tools', signal ? { signal } : {});
    return (await response.json()) as ToolsResponse;
  }

  /** The slash commands usable now in this session, for the page's context (the composer's `/` list). */
  async commands(sessionId: string, context: Context | undefined): Promise<CommandsResponse> {
    // No context: `{}` (JSON leaves an undefined property out).
    const response = await this.request(`${this.#session(sessionId)}/commands`, { ...JSON_WRITE, body: JSON.stringify({ context }) });
    return (await response.json()) as CommandsResponse;
  }

  #session(sessionId: string): string {
    return `/sessions/${encodeURIComponent(sessionId)}`;
  }

  async #stream(path: string, body: unknown, signal: AbortSignal): Promise<AsyncGenerator<EventSourceMessage>> {
    const response = await this.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      signal,
    });
    return this.#events(response);
  }

  #events(response: Response): AsyncGenerator<EventSourceMessage> {
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) {
      throw new AgentHttpError(response.status, `Expected an event stream from the agent server, got "${type || 'no content type'}"`);
    }
    return readSseStream(response.body);
  }

  /** Any route of the server, with the host's headers and credentials; a failure is an AgentHttpError. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(await this.#options.headers?.());
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    const credentials = this.#options.credentials?.();
    const response = await fetch(`${this.endpoint}${path}`, { ...init, headers, ...(credentials ? { credentials } : {}) });
    if (!response.ok) throw await readHttpError(response);
    return response;
  }
}
