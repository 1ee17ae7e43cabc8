import type { Turn } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { StaleSessionError, type SessionListing, type SessionListPosition, type SessionStore } from '../../src/index.js';

let counter = 0;
const turn = (type: 'user' | 'assistant_text', text: string): Turn => ({ id: `t${++counter}`, createdAt: counter, type, text }) as Turn;

/**
 * What every SessionStore must do, whatever holds the data: run against memoryStore, fileStore and redisStore.
 * `make` gives a store over fresh (or shared, with `again`) storage.
 */
export function describeSessionStore(name: string, make: () => Promise<{ store: SessionStore; again(): Promise<SessionStore>; close(): Promise<void> }>) {
  describe(`${name} follows the SessionStore contract`, () => {
    it('creates at version 0, appends, sets and removes fields, each write one version', async () => {
      const { store, close } = await make();
      try {
        const first = turn('user', 'hello');
        expect(await store.write('c1', 0, { append: [first], set: { owner: 'ann', pending: [], turnHasWrites: false, lastEventId: 2 } })).toBe(1);
        const reply = turn('assistant_text', 'hi ann');
        expect(await store.write('c1', 1, { append: [reply], set: { undo: { snapshot: { n: 1 } }, lastEventId: 5 } })).toBe(2);
        expect(await store.write('c1', 2, { set: { undo: undefined, turnHasWrites: true } })).toBe(3);
        const loaded = await store.load('c1');
        expect(loaded).toMatchObject({ id: 'c1', version: 3, owner: 'ann', turns: [first, reply], lastEventId: 5, turnHasWrites: true });
        expect(loaded).not.toHaveProperty('undo');
        expect(await store.load('nobody')).toBeUndefined();
      } finally {
        await close();
      }
    });

    it('refuses a write against a stale version, and writes nothing of it', async () => {
      const { store, close } = await make();
      try {
        await store.write('c2', 0, { append: [turn('user', 'one')], set: { owner: 'ann' } });
        await expect(store.write('c2', 0, { append: [turn('user', 'a second creator')] })).rejects.toBeInstanceOf(StaleSessionError);
        await store.write('c2', 1, { append: [turn('user', 'two')] });
        const stale = store.write('c2', 1, { append: [turn('user', 'lost?')] });
        await expect(stale).rejects.toThrow(/changed elsewhere \(version 2, this write was made against 1\)/);
        expect((await store.load('c2'))!.turns.map((t) => ('text' in t ? t.text : ''))).toEqual(['one', 'two']);
      } finally {
        await close();
      }
    });

    it('replaces the history (an import) and revises a written turn by id', async () => {
      const { store, close } = await make();
      try {
        await store.write('c3', 0, { append: [turn('user', 'old')], set: { owner: 'ann' } });
        const fresh = [turn('user', 'imported'), turn('assistant_text', 'yes')];
        await store.write('c3', 1, { replace: fresh });
        await store.write('c3', 2, { update: [{ ...fresh[1]!, text: 'revised' } as Turn] });
        expect((await store.load('c3'))!.turns.map((t) => ('text' in t ? t.text : ''))).toEqual(['imported', 'revised']);
      } finally {
        await close();
      }
    });

    it('hands out copies: changing what load returned changes nothing stored', async () => {
      const { store, close } = await make();
      try {
        await store.write('c4', 0, { append: [turn('user', 'kept')], set: { owner: 'ann', pending: [] } });
        const loaded = (await store.load('c4'))!;
        loaded.turns.push(turn('user', 'not written'));
        loaded.pending.push({ toolCallId: 'x', name: 'x', kind: 'write', label: 'x', input: {} } as never);
        const again = (await store.load('c4'))!;
        expect(again.turns).toHaveLength(1);
        expect(again.pending).toEqual([]);
      } finally {
        await close();
      }
    });

    it('deletes, after which the id starts again at version 0', async () => {
      const { store, close } = await make();
      try {
        await store.write('c5', 0, { append: [turn('user', 'bye')], set: { owner: 'ann' } });
        await store.delete('c5');
        expect(await store.load('c5')).toBeUndefined();
        await expect(store.write('c5', 1, { append: [turn('user', 'late')] })).rejects.toBeInstanceOf(StaleSessionError);
        expect(await store.write('c5', 0, { append: [turn('user', 'anew')], set: { owner: 'bob' } })).toBe(1);
      } finally {
        await close();
      }
    });

    it("lists an owner's sessions newest first, a page at a time, and nobody else's", async () => {
      const { store, again, close } = await make();
      try {
        // Two sessions share a time: the same millisecond is ordered by id, descending, so paging never skips one.
        const times: [string, number][] = [['l-a', 1000], ['l-b', 5000], ['l-c', 3000], ['l-d', 3000], ['l-e', 2000]];
        for (const [id, updatedAt] of times) await store.write(id, 0, { append: [turn('user', id)], set: { owner: 'ann', updatedAt, title: `About ${id}` } });
        await store.write('l-bob', 0, { append: [turn('user', 'mine')], set: { owner: 'bob', updatedAt: 9000, title: 'Bob’s' } });
        await store.write('l-untitled', 0, { append: [turn('user', 'no title yet')], set: { owner: 'ann', updatedAt: 500 } });
        const expected = ['l-b', 'l-d', 'l-c', 'l-e', 'l-a', 'l-untitled'];

        const pages = await everyPage(store, 'ann', 2);
        expect(pages.map((page) => page.map((listing) => listing.id))).toEqual([expected.slice(0, 2), expected.slice(2, 4), expected.slice(4)]);
        expect(pages[0]![0]).toEqual({ id: 'l-b', title: 'About l-b', updatedAt: 5000 });
        expect(pages[2]![1]).toEqual({ id: 'l-untitled', updatedAt: 500 });
        // A page as long as the list says there is no next one.
        expect(await store.listByOwner!('ann', { limit: 6 })).toEqual({ sessions: expect.any(Array) });
        expect((await store.listByOwner!('bob', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['l-bob']);
        expect(await store.listByOwner!('carol', { limit: 10 })).toEqual({ sessions: [] });
        // Another store over the same storage lists the same.
        const reopened = await again();
        expect((await everyPage(reopened, 'ann', 4)).flat().map((listing) => listing.id)).toEqual(expected);
      } finally {
        await close();
      }
    });

    it('moves a session up the list when it is written, shows a new title, and drops a deleted one', async () => {
      const { store, close } = await make();
      try {
        await store.write('m-old', 0, { append: [turn('user', 'old')], set: { owner: 'ann', updatedAt: 1000, title: 'Old' } });
        await store.write('m-new', 0, { append: [turn('user', 'new')], set: { owner: 'ann', updatedAt: 2000, title: 'New' } });
        await store.write('m-gone', 0, { append: [turn('user', 'gone')], set: { owner: 'ann', updatedAt: 3000, title: 'Gone' } });
        // Listed once, so a store that keeps an index has built it before the changes below.
        expect((await store.listByOwner!('ann', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['m-gone', 'm-new', 'm-old']);
        await store.write('m-old', 1, { append: [turn('assistant_text', 'again')], set: { updatedAt: 4000 } });
        await store.write('m-new', 1, { set: { title: 'Renamed' } });
        await store.delete('m-gone');
        await store.write('m-late', 0, { append: [turn('user', 'late')], set: { owner: 'ann', updatedAt: 5000 } });
        const { sessions } = await store.listByOwner!('ann', { limit: 10 });
        expect(sessions).toEqual([
          { id: 'm-late', updatedAt: 5000 },
          { id: 'm-old', title: 'Old', updatedAt: 4000 },
          { id: 'm-new', title: 'Renamed', updatedAt: 2000 },
        ]);
        // A page that starts after a session written since (it moved up) goes on from where that session was.
        const after: SessionListPosition = { updatedAt: 1000, id: 'm-old' };
        expect((await store.listByOwner!('ann', { limit: 10, after })).sessions).toEqual([]);
      } finally {
        await close();
      }
    });

    it('keeps every write when reopened over the same storage (many writes, past any compaction)', async () => {
      const { store, again, close } = await make();
      try {
        let version = await store.write('c6', 0, { append: [turn('user', 'm0')], set: { owner: 'ann' } });
        for (let i = 1; i < 600; i++) version = await store.write('c6', version, { append: [turn('user', `m${i}`)], set: { lastEventId: i } });
        const reopened = await again();
        const loaded = (await reopened.load('c6'))!;
        expect(loaded.version).toBe(600);
        expect(loaded.turns).toHaveLength(600);
        expect(loaded.turns.at(-1)).toMatchObject({ text: 'm599' });
        expect(loaded.lastEventId).toBe(599);
      } finally {
        await close();
      }
    });
  });
}

/** Every page of an owner's list, following `next` until there is none. */
async function everyPage(store: SessionStore, owner: string, limit: number): Promise<SessionListing[][]> {
  const pages: SessionListing[][] = [];
  let after: SessionListPosition | undefined;
  do {
    const page = await store.listByOwner!(owner, { limit, ...(after ? { after } : {}) });
    pages.push(page.sessions);
    after = page.next;
  } while (after && pages.length < 50);
  return pages;
}
