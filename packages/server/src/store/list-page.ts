import type { SessionListing, SessionListPage, SessionListPosition } from './session-store.js';

/** Newest first; sessions changed in the same millisecond by id, descending, so every listing has one place. */
export function compareListings(a: SessionListPosition, b: SessionListPosition): number {
  if (a.updatedAt !== b.updatedAt) return b.updatedAt - a.updatedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * One page of an owner's list from every one of their listings, for a store that holds them all at hand (memory,
 * a file store's index): sorted, the ones up to `after` left out, cut at `limit`.
 */
export function listPage(listings: readonly SessionListing[], limit: number, after?: SessionListPosition): SessionListPage {
  const sorted = listings.filter((listing) => !after || compareListings(listing, after) > 0).sort(compareListings);
  const sessions = sorted.slice(0, limit).map(({ id, title, updatedAt }) => ({ id, updatedAt, ...(title !== undefined ? { title } : {}) }));
  const last = sessions.at(-1);
  return sorted.length > limit && last ? { sessions, next: { updatedAt: last.updatedAt, id: last.id } } : { sessions };
}
