import type { SessionResponse } from '@agent-chat/protocol';
import { readAgentEvents, type ReceivedEvent } from './read-agent-events.js';

export interface AgentClientOptions {
  /** Headers sent with every request (an Authorization header, an Origin). */
  headers?: Record<string, string>;
  /** The cookie jar, to share with another client: one browser talking to two instances of one app. */
  cookies?: Map<string, string>;
}

/**
 * A small client for the agent's HTTP API, as a test would use it. It keeps cookies like a browser does, so one
 * client is one anonymous principal; two clients are two strangers.
 */
export function agentClient(baseUrl: string, options: AgentClientOptions = {}) {
  const cookies = options.cookies ?? new Map<string, string>();
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }
  const json = (method: string, body: unknown = {}): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    /** Any request, with this client's cookies and headers. */
    request,
    cookies,
    send: (sessionId: string, body: unknown, init: RequestInit = {}) => request(`/sessions/${sessionId}/messages`, { ...json('POST', body), ...init }),
    async run(sessionId: string, body: unknown, onEvent?: (event: ReceivedEvent) => void): Promise<ReceivedEvent[]> {
      const response = await request(`/sessions/${sessionId}/messages`, json('POST', body));
      if (!response.ok) throw new Error(`send failed: ${response.status} ${await response.text()}`);
      return readAgentEvents(response, onEvent);
    },
    async resume(sessionId: string, body: unknown): Promise<ReceivedEvent[]> {
      const response = await request(`/sessions/${sessionId}/resume`, json('POST', body));
      if (!response.ok) throw new Error(`resume failed: ${response.status} ${await response.text()}`);
      return readAgentEvents(response);
    },
    resumeRaw: (sessionId: string, body: unknown) => request(`/sessions/${sessionId}/resume`, json('POST', body)),
    /** Stop the run; with `{ toolCallId }`, only the sub-agent that call started. */
    cancel: (sessionId: string, body: unknown = {}) => request(`/sessions/${sessionId}/cancel`, json('POST', body)),
    undo: (sessionId: string) => request(`/sessions/${sessionId}/undo`, json('POST')),
    historyRaw: (sessionId: string) => request(`/sessions/${sessionId}`),
    async history(sessionId: string): Promise<SessionResponse> {
      return (await request(`/sessions/${sessionId}`)).json() as Promise<SessionResponse>;
    },
    importRaw: (sessionId: string, body: unknown) => request(`/sessions/${sessionId}`, json('PUT', body)),
    clear: (sessionId: string) => request(`/sessions/${sessionId}`, json('DELETE')),
    tools: () => request('/tools').then((r) => r.json()),
    /** POST /sessions/:id/commands: the commands usable now for this context. */
    commandsRaw: (sessionId: string, body: unknown = {}) => request(`/sessions/${sessionId}/commands`, json('POST', body)),
  };
}

export type AgentClient = ReturnType<typeof agentClient>;
