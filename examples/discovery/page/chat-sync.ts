import type { PendingCall, SessionResponse, Turn } from '@agent-chat/protocol';
import type { SavedChat } from './discovery-types.js';

// The chat is saved with the discovery (seed 003: `chat_history` in the DiscoveryData, in localStorage and in the
// export). The agent server keeps the live conversation; these calls copy it into the discovery after each reply and
// put it back on the server when a discovery is opened or imported, through the protocol's session routes.

export function newSessionId(): string {
  return `discovery-${crypto.randomUUID()}`;
}

const sessionUrl = (endpoint: string, sessionId: string) => `${endpoint}/sessions/${encodeURIComponent(sessionId)}`;

/** The conversation as the server has it now. */
export async function fetchChat(endpoint: string, sessionId: string): Promise<SavedChat> {
  // One the server does not hold (never started, cleared) comes back with no turns: a new discovery asks too.
  const response = await fetch(sessionUrl(endpoint, sessionId));
  if (!response.ok) throw new Error(`Could not read the chat (HTTP ${response.status}).`);
  const session = (await response.json()) as SessionResponse;
  return { sessionId, turns: session.turns as Turn[], pending: session.pending as PendingCall[] };
}

/**
 * Make the server's session hold the saved chat. When the server already has it (the same turns, perhaps followed by a
 * reply the page had not saved yet) it is kept and returned; otherwise (a new machine, a cleared server, an import)
 * the saved chat is put back with `PUT /sessions/:id`.
 */
export async function restoreChat(endpoint: string, saved: SavedChat): Promise<SavedChat> {
  const live = await fetchChat(endpoint, saved.sessionId);
  const continues = saved.turns.every((turn, index) => live.turns[index]?.id === turn.id);
  if (continues && live.turns.length > 0) return live;
  if (saved.turns.length === 0 && live.turns.length === 0) return live;
  const response = await fetch(sessionUrl(endpoint, saved.sessionId), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ turns: saved.turns, pending: saved.pending }),
  });
  if (!response.ok) throw new Error(`Could not restore the chat (HTTP ${response.status}).`);
  return saved;
}

/** Forget a conversation on the server (a new discovery starts a new one). Best effort: the old id is never used again. */
export async function deleteChat(endpoint: string, sessionId: string): Promise<void> {
  // Said as JSON like every request that changes something: the agent server refuses other types (its CSRF guard).
  await fetch(sessionUrl(endpoint, sessionId), { method: 'DELETE', headers: { 'content-type': 'application/json' } }).catch(() => undefined);
}
