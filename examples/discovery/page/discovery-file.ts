import type { Turn } from '@agent-chat/protocol';
import { columnOfId } from './columns.js';
import type { BoardItem, Discovery } from './discovery-types.js';

/** Export: the discovery with its chat, as one JSON file the analyst downloads. */
export function downloadDiscovery(discovery: Discovery): void {
  const blob = new Blob([JSON.stringify(discovery, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${discovery.title.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'discovery'}.discovery.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * Import: a file written by Export, checked enough that the board can show it. A file without a chat gets an empty
 * one; a file in seed 003's own shape (`chat_history` of `{ role, content }` messages) has its messages turned into
 * turns, so older exports keep their conversation. The chat gets the session id given: an import is a new copy.
 */
export function parseDiscovery(json: string, sessionId: string): Discovery {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('The file is not JSON.');
  }
  const file = (value ?? {}) as Partial<Discovery> & { chat_history?: unknown };
  if (!Array.isArray(file.items)) throw new Error('The file has no "items": is it a discovery export?');
  const items = file.items.map(checkItem);
  const turns = Array.isArray(file.chat?.turns) ? file.chat.turns : seedHistory(file.chat_history);
  const pending = Array.isArray(file.chat?.pending) ? file.chat.pending : [];
  return {
    version: 1,
    title: typeof file.title === 'string' && file.title ? file.title : 'Imported discovery',
    goal: typeof file.goal === 'string' ? file.goal : '',
    items,
    chat: { sessionId, turns, pending },
  };
}

function checkItem(raw: unknown, index: number): BoardItem {
  const item = (raw ?? {}) as Partial<BoardItem>;
  if (typeof item.id !== 'string' || typeof item.text !== 'string') throw new Error(`items.${index}: needs an id and a text.`);
  const column = item.column ?? columnOfId(item.id);
  if (!column) throw new Error(`items.${index}: "${item.id}" is not an I-, F-, N-, R- or O- id.`);
  return { ...item, id: item.id, text: item.text, column, links: Array.isArray(item.links) ? item.links.map(String) : [] };
}

function seedHistory(history: unknown): Turn[] {
  if (!Array.isArray(history)) return [];
  return history.flatMap((message: { role?: unknown; content?: unknown; created_at?: unknown }, index): Turn[] => {
    if (typeof message?.content !== 'string') return [];
    const createdAt = typeof message.created_at === 'string' ? Date.parse(message.created_at) || 0 : 0;
    const id = `imported-${index}`;
    return message.role === 'user'
      ? [{ id, createdAt, type: 'user', text: message.content }]
      : [{ id, createdAt, type: 'assistant_text', text: message.content }];
  });
}
