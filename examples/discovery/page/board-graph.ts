// How items rest on each other, for the page (staleness after an edit or delete) and the server (the previews and the
// read tools): one copy, pure functions over ids and links.

export interface Linked {
  id: string;
  /** The upstream items this one rests on. */
  links: readonly string[];
}

/** Everything downstream of an item: what cites it, what cites those, and so on (what a delete leaves unsupported). */
export function downstreamOf<T extends Linked>(items: readonly T[], id: string): T[] {
  const found: T[] = [];
  const seen = new Set([id]);
  let frontier = [id];
  while (frontier.length > 0) {
    const next = items.filter((item) => !seen.has(item.id) && item.links.some((link) => frontier.includes(link)));
    for (const item of next) seen.add(item.id);
    found.push(...next);
    frontier = next.map((item) => item.id);
  }
  return found;
}

/** Everything upstream of an item: what supports it, down to the inputs. */
export function upstreamOf<T extends Linked>(items: readonly T[], id: string): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const found: T[] = [];
  const seen = new Set([id]);
  let frontier = [...(byId.get(id)?.links ?? [])];
  while (frontier.length > 0) {
    const next = frontier.flatMap((link) => {
      const item = byId.get(link);
      if (!item || seen.has(item.id)) return [];
      seen.add(item.id);
      return [item];
    });
    found.push(...next);
    frontier = next.flatMap((item) => [...item.links]);
  }
  return found;
}
