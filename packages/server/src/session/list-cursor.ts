import type { SessionListPosition } from '../store/session-store.js';

// A page's nextCursor is where it ended: the last session's time and id, as `<updatedAt>:<id>`. The time is digits
// only, so the first colon ends it, whatever colons the id holds. Clients pass it back as it came.

export function encodeCursor(position: SessionListPosition): string {
  return `${position.updatedAt}:${position.id}`;
}

/** The position a cursor names; the query schema has checked its form already. */
export function decodeCursor(cursor: string): SessionListPosition {
  const colon = cursor.indexOf(':');
  return { updatedAt: Number(cursor.slice(0, colon)), id: cursor.slice(colon + 1) };
}
