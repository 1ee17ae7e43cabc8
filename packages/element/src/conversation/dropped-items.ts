import type { Attachment } from '@agent-chat/protocol';

/** The dataTransfer type a host page puts its items under to make them droppable on the chat. */
export const ITEM_MIME = 'application/x-agent-chat-item';

/** Whether a drag carries host items (the data itself is only readable on drop). */
export function carriesItems(data: DataTransfer | null): boolean {
  return Boolean(data && Array.from(data.types).includes(ITEM_MIME));
}

/**
 * The items in a drop: one Item or a list of them, as JSON. What is not an item (no string `id`) is left out
 * rather than sent to a server that would refuse the whole message for it.
 */
export function parseDroppedItems(json: string): Attachment[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(value) ? value : [value];
  return list.filter(
    (item): item is Attachment =>
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string' && (item as { id: string }).id !== '',
  );
}
