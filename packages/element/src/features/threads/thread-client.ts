import type { RenameSessionResponse, SessionListResponse } from '@agent-chat/protocol';
import type { AgentTransport } from '../../transport/transport.js';

// The thread view's routes (GET /sessions, PATCH /sessions/:id), in its own chunk rather than in the AgentClient
// every conversation loads. Deleting is the client's deleteSession, which Clear uses too.

/** One page of the caller's conversations, newest first; `cursor` is the previous page's `nextCursor`. */
export async function listThreads(client: AgentTransport, cursor: string | null, signal?: AbortSignal): Promise<SessionListResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await client.request(`/sessions${query}`, signal ? { signal } : {});
  return (await response.json()) as SessionListResponse;
}

export async function renameThread(client: AgentTransport, sessionId: string, title: string): Promise<RenameSessionResponse> {
  const response = await client.request(`/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  return (await response.json()) as RenameSessionResponse;
}
