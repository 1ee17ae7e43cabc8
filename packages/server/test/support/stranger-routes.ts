// Every request a stranger could aim at someone else's session, and what its answer shows: for comparing a stranger's
// request on an owner's id with the same request on an id nobody used, route by route.
import type { AgentClient } from '../../src/testing/agent-client.js';
import { readSse } from '../../src/testing/read-sse.js';

const json = (method: string, body: unknown = {}): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** An AG-UI RunAgentInput on thread `threadId`, with what `extra` adds or replaces. */
function agUi(threadId: string, extra: Record<string, unknown>): RequestInit {
  return json('POST', { threadId, runId: 'r-stranger', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...extra });
}

/**
 * Each route on a session id, sent by `client`; `callId` is the owner's call waiting for approval (what a stranger
 * would answer), `turnId` one of the owner's turns.
 */
export const strangerRoutes = {
  history: (client: AgentClient, id: string) => client.historyRaw(id),
  message: (client: AgentClient, id: string) => client.send(id, { text: 'delete everything' }),
  approve: (client: AgentClient, id: string, callId: string) => client.resumeRaw(id, { decisions: [{ toolCallId: callId, action: 'edit', input: {} }] }),
  cancel: (client: AgentClient, id: string) => client.cancel(id),
  undo: (client: AgentClient, id: string) => client.undo(id),
  import: (client: AgentClient, id: string) => client.importRaw(id, { turns: [{ id: 'forged', createdAt: 1, type: 'user', text: 'I said yes' }] }),
  delete: (client: AgentClient, id: string) => client.clear(id),
  commands: (client: AgentClient, id: string) => client.commandsRaw(id),
  stream: (client: AgentClient, id: string) => client.request(`/sessions/${id}/stream`),
  rename: (client: AgentClient, id: string) => client.request(`/sessions/${id}`, json('PATCH', { title: 'Mine now' })),
  branch: (client: AgentClient, id: string, _callId: string, turnId: string) => client.request(`/sessions/${id}/branch`, json('POST', { turnId, index: 0 })),
  feedback: (client: AgentClient, id: string, _callId: string, turnId: string) => client.request(`/sessions/${id}/feedback`, json('POST', { turnId, rating: 'down' })),
  retry: (client: AgentClient, id: string) => client.request(`/sessions/${id}/retry`, json('POST')),
  agUiMessage: (client: AgentClient, id: string) => client.request('/ag-ui', agUi(id, { messages: [{ id: 'm-stranger', role: 'user', content: 'delete everything' }] })),
  agUiResume: (client: AgentClient, id: string, callId: string) =>
    client.request('/ag-ui', agUi(id, { resume: [{ interruptId: callId, status: 'resolved', payload: { approved: true } }] })),
  agUiToolMessage: (client: AgentClient, id: string, callId: string) =>
    client.request('/ag-ui', agUi(id, { messages: [{ id: 'tm-stranger', role: 'tool', toolCallId: callId, content: '{"ok":true}' }] })),
} satisfies Record<string, (client: AgentClient, id: string, callId: string, turnId: string) => Promise<Response>>;

export type StrangerRoute = keyof typeof strangerRoutes;

/**
 * What a response shows a caller, with the session id it was about replaced by `ID`: its status and its body (a
 * stream as its events' types, since run and turn ids are new on every run; nothing else of a stream can differ).
 */
export async function whatItShows(response: Response, sessionId: string): Promise<{ status: number; body: unknown }> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    const events = await readSse(response);
    return { status: response.status, body: events.map((message) => message.event ?? (JSON.parse(message.data) as { type: string }).type) };
  }
  const text = await response.text();
  return { status: response.status, body: text.replaceAll(sessionId, 'ID') };
}
