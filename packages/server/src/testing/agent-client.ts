import type { SessionResponse } from '@agent-chat/protocol';
import { readAgentEvents, type ReceivedEvent } from './read-agent-events.js';

/** A small client for the agent's HTTP API, as a test would use it. */
export function agentClient(baseUrl: string) {
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    send: (sessionId: string, body: unknown, init: RequestInit = {}) =>
      fetch(`${baseUrl}/sessions/${sessionId}/messages`, { ...json(body), ...init }),
    async run(sessionId: string, body: unknown, onEvent?: (event: ReceivedEvent) => void): Promise<ReceivedEvent[]> {
      const response = await fetch(`${baseUrl}/sessions/${sessionId}/messages`, json(body));
      if (!response.ok) throw new Error(`send failed: ${response.status} ${await response.text()}`);
      return readAgentEvents(response, onEvent);
    },
    async resume(sessionId: string, body: unknown): Promise<ReceivedEvent[]> {
      const response = await fetch(`${baseUrl}/sessions/${sessionId}/resume`, json(body));
      if (!response.ok) throw new Error(`resume failed: ${response.status} ${await response.text()}`);
      return readAgentEvents(response);
    },
    resumeRaw: (sessionId: string, body: unknown) => fetch(`${baseUrl}/sessions/${sessionId}/resume`, json(body)),
    cancel: (sessionId: string) => fetch(`${baseUrl}/sessions/${sessionId}/cancel`, { method: 'POST' }),
    undo: (sessionId: string) => fetch(`${baseUrl}/sessions/${sessionId}/undo`, { method: 'POST' }),
    async history(sessionId: string): Promise<SessionResponse> {
      return (await fetch(`${baseUrl}/sessions/${sessionId}`)).json() as Promise<SessionResponse>;
    },
    clear: (sessionId: string) => fetch(`${baseUrl}/sessions/${sessionId}`, { method: 'DELETE' }),
    tools: () => fetch(`${baseUrl}/tools`).then((r) => r.json()),
  };
}
