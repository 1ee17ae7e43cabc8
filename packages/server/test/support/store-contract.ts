import type { Turn } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { sessionRef, StaleSessionError, type SessionListing, type SessionListPosition, type SessionRef, type SessionStore } from '../../src/index.js';

let counter = 0;
const turn = (type: 'user' | 'assistant_text', text: string): Turn => ({ id: `t${++counter}`, createdAt: counter, type, text }) as Turn;
/** Ann's and Bob's sessions of an id: a session is found by its owner and its id together. */
const ann = (id: string) => sessionRef('ann', id);
const bob = (id: string) => sessionRef('bob', id);

/** A store over fresh storage: `again` opens another over the same storage. */
export interface ContractStorage {
  store: SessionStore;
  again(): Promise<SessionStore>;
  close(): Promise<void>;
  /**
   * For a store that persists: put the fixture written by the code before owner-scoped keys
   * (test/fixtures/before-owner-keys, made by that commit's fileStore and redisStore) into this storage, and open a
   * store over it, as an upgraded server would.
   */
  keptFromBefore?(): Promise<SessionStore>;
}

/**
 * What every SessionStore must do, whatever holds the data: run against memoryStore, fileStore and redisStore.
 * `make` gives a store over fresh (or shared, with `again`) storage.
 */
export function describeSessionStore(name: string, make: () => Promise<ContractStorage>) {
  describe(`${name} follows the SessionStore contract`, () => {
    it('creates at version 0, appends, sets and removes fields, each write one version', async () => {
      const { store, close } = await make();
      try {
        const first = turn('user', 'hello');
        expect(await store.write(await ann('c1'), 0, { append: [first], set: { owner: 'ann', pending: [], turnHasWrites: false, lastEventId: 2 } })).toBe(1);
        const reply = turn('assistant_text', 'hi ann');
        expect(await store.write(await ann('c1'), 1, { append: [reply], set: { undo: { snapshot: { n: 1 } }, lastEventId: 5 } })).toBe(2);
        expect(await store.write(await ann('c1'), 2, { set: { undo: undefined, turnHasWrites: true } })).toBe(3);
        const loaded = await store.load(await ann('c1'));
        expect(loaded).toMatchObject({ id: 'c1', version: 3, owner: 'ann', turns: [first, reply], lastEventId: 5, turnHasWrites: true });
        expect(loaded).not.toHaveProperty('undo');
        expect(await store.load(await ann('nobody'))).toBeUndefined();
      } finally {
        await close();
      }
    });

    it('refuses a write against a stale version, and writes nothing of it', async () => {
      const { store, close } = await make();
      try {
        await store.write(await ann('c2'), 0, { append: [turn('user', 'one')], set: { owner: 'ann' } });
        await expect(store.write(await ann('c2'), 0, { append: [turn('user', 'a second creator')] })).rejects.toBeInstanceOf(StaleSessionError);
        await store.write(await ann('c2'), 1, { append: [turn('user', 'two')] });
        const stale = store.write(await ann('c2'), 1, { append: [turn('user', 'lost?')] });
        await expect(stale).rejects.toThrow(/changed elsewhere \(version 2, this write was made against 1\)/);
        expect((await store.load(await ann('c2')))!.turns.map((t) => ('text' in t ? t.text : ''))).toEqual(['one', 'two']);
      } finally {
        await close();
      }
    });

    it('replaces the history (an import) and revises a written turn by id', async () => {
      const { store, close } = await make();
      try {
        await store.write(await ann('c3'), 0, { append: [turn('user', 'old')], set: { owner: 'ann' } });
        const fresh = [turn('user', 'imported'), turn('assistant_text', 'yes')];
        await store.write(await ann('c3'), 1, { replace: fresh });
        await store.write(await ann('c3'), 2, { update: [{ ...fresh[1]!, text: 'revised' } as Turn] });
        expect((await store.load(await ann('c3')))!.turns.map((t) => ('text' in t ? t.text : ''))).toEqual(['imported', 'revised']);
      } finally {
        await close();
      }
    });

    it('hands out copies: changing what load returned changes nothing stored', async () => {
      const { store, close } = await make();
      try {
        await store.write(await ann('c4'), 0, { append: [turn('user', 'kept')], set: { owner: 'ann', pending: [] } });
        const loaded = (await store.load(await ann('c4')))!;
        loaded.turns.push(turn('user', 'not written'));
        loaded.pending.push({ toolCallId: 'x', name: 'x', kind: 'write', label: 'x', input: {} } as never);
        const again = (await store.load(await ann('c4')))!;
        expect(again.turns).toHaveLength(1);
        expect(again.pending).toEqual([]);
      } finally {
        await close();
      }
    });

    it('deletes, after which the id starts again at version 0', async () => {
      const { store, close } = await make();
      try {
        await store.write(await ann('c5'), 0, { append: [turn('user', 'bye')], set: { owner: 'ann' } });
        await store.delete(await ann('c5'));
        expect(await store.load(await ann('c5'))).toBeUndefined();
        await expect(store.write(await ann('c5'), 1, { append: [turn('user', 'late')] })).rejects.toBeInstanceOf(StaleSessionError);
        expect(await store.write(await ann('c5'), 0, { append: [turn('user', 'anew')], set: { owner: 'ann' } })).toBe(1);
      } finally {
        await close();
      }
    });

    it("lists an owner's sessions newest first, a page at a time, and nobody else's", async () => {
      const { store, again, close } = await make();
      try {
        // Two sessions share a time: the same millisecond is ordered by id, descending, so paging never skips one.
        const times: [string, number][] = [['l-a', 1000], ['l-b', 5000], ['l-c', 3000], ['l-d', 3000], ['l-e', 2000]];
        for (const [id, updatedAt] of times) await store.write(await ann(id), 0, { append: [turn('user', id)], set: { owner: 'ann', updatedAt, title: `About ${id}` } });
        await store.write(await bob('l-bob'), 0, { append: [turn('user', 'mine')], set: { owner: 'bob', updatedAt: 9000, title: 'Bob’s' } });
        await store.write(await ann('l-untitled'), 0, { append: [turn('user', 'no title yet')], set: { owner: 'ann', updatedAt: 500 } });
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
        await store.write(await ann('m-old'), 0, { append: [turn('user', 'old')], set: { owner: 'ann', updatedAt: 1000, title: 'Old' } });
        await store.write(await ann('m-new'), 0, { append: [turn('user', 'new')], set: { owner: 'ann', updatedAt: 2000, title: 'New' } });
        await store.write(await ann('m-gone'), 0, { append: [turn('user', 'gone')], set: { owner: 'ann', updatedAt: 3000, title: 'Gone' } });
        // Listed once, so a store that keeps an index has built it before the changes below.
        expect((await store.listByOwner!('ann', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['m-gone', 'm-new', 'm-old']);
        await store.write(await ann('m-old'), 1, { append: [turn('assistant_text', 'again')], set: { updatedAt: 4000 } });
        await store.write(await ann('m-new'), 1, { set: { title: 'Renamed' } });
        await store.delete(await ann('m-gone'));
        await store.write(await ann('m-late'), 0, { append: [turn('user', 'late')], set: { owner: 'ann', updatedAt: 5000 } });
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
        let version = await store.write(await ann('c6'), 0, { append: [turn('user', 'm0')], set: { owner: 'ann' } });
        for (let i = 1; i < 600; i++) version = await store.write(await ann('c6'), version, { append: [turn('user', `m${i}`)], set: { lastEventId: i } });
        const reopened = await again();
        const loaded = (await reopened.load(await ann('c6')))!;
        expect(loaded.version).toBe(600);
        expect(loaded.turns).toHaveLength(600);
        expect(loaded.turns.at(-1)).toMatchObject({ text: 'm599' });
        expect(loaded.lastEventId).toBe(599);
      } finally {
        await close();
      }
    });

    it('keeps the same id of two owners as two sessions: each loads, writes, lists and deletes its own', async () => {
      const { store, again, close } = await make();
      try {
        const [annShared, bobShared] = [await ann('shared'), await bob('shared')];
        expect(await store.write(annShared, 0, { append: [turn('user', 'ann says')], set: { owner: 'ann', updatedAt: 1000, title: 'Ann’s' } })).toBe(1);
        // Bob's first write of the same id creates his own, at version 0: nobody can claim (or be refused) an id.
        expect(await store.write(bobShared, 0, { append: [turn('user', 'bob says')], set: { owner: 'bob', updatedAt: 2000, title: 'Bob’s' } })).toBe(1);
        expect(await store.write(bobShared, 1, { append: [turn('assistant_text', 'to bob')] })).toBe(2);
        const texts = async (from: SessionStore, ref: SessionRef) => (await from.load(ref))?.turns.map((t) => ('text' in t ? t.text : ''));
        expect(await store.load(annShared)).toMatchObject({ id: 'shared', owner: 'ann', version: 1, title: 'Ann’s' });
        expect(await texts(store, annShared)).toEqual(['ann says']);
        expect(await store.load(bobShared)).toMatchObject({ id: 'shared', owner: 'bob', version: 2, title: 'Bob’s' });
        expect(await texts(store, bobShared)).toEqual(['bob says', 'to bob']);
        // Each list holds its owner's own, by the id they gave it.
        expect((await store.listByOwner!('ann', { limit: 10 })).sessions).toEqual([{ id: 'shared', title: 'Ann’s', updatedAt: 1000 }]);
        expect((await store.listByOwner!('bob', { limit: 10 })).sessions).toEqual([{ id: 'shared', title: 'Bob’s', updatedAt: 2000 }]);
        const reopened = await again();
        expect(await texts(reopened, annShared)).toEqual(['ann says']);
        expect(await texts(reopened, bobShared)).toEqual(['bob says', 'to bob']);
        // Deleting one leaves the other whole.
        await store.delete(bobShared);
        expect(await store.load(bobShared)).toBeUndefined();
        expect(await texts(store, annShared)).toEqual(['ann says']);
        expect((await store.listByOwner!('ann', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['shared']);
        expect((await store.listByOwner!('bob', { limit: 10 })).sessions).toEqual([]);
      } finally {
        await close();
      }
    });

    it("loads a session stored before owners scoped ids for its owner, and only for them, and keeps it working", async () => {
      const { again, close, keptFromBefore } = await make();
      if (!keptFromBefore) {
        // Nothing outlives a store that keeps no storage: there is nothing from before to load.
        expect(name).toBe('memoryStore');
        return close();
      }
      try {
        const store = await keptFromBefore();
        const texts = async (from: SessionStore, ref: SessionRef) => (await from.load(ref))?.turns.map((t) => ('text' in t ? t.text : ''));
        // Written by the old code as sessions "kept" and "ann:notes" of ann, "bobs" of bob, and "orphan" of nobody.
        expect(await store.load(await ann('kept'))).toMatchObject({ id: 'kept', owner: 'ann', version: 3, title: 'Milk', lastEventId: 7, updatedAt: 1002 });
        expect(await texts(store, await ann('kept'))).toEqual(['remember the milk', 'Noted: the milk.']);
        expect(await texts(store, await ann('ann:notes'))).toEqual(['a note with a colon id']);
        expect(await texts(store, await bob('bobs'))).toEqual(['bob was here']);
        // Nobody else's: another owner's request of the id is a session that does not exist.
        expect(await store.load(await bob('kept'))).toBeUndefined();
        expect(await store.load(await ann('bobs'))).toBeUndefined();
        for (const owner of ['ann', 'bob', '']) expect(await store.load(await sessionRef(owner, 'orphan'))).toBeUndefined();
        expect((await store.listByOwner!('ann', { limit: 10 })).sessions).toEqual([
          { id: 'ann:notes', title: 'Notes', updatedAt: 2000 },
          { id: 'kept', title: 'Milk', updatedAt: 1002 },
        ]);
        expect((await store.listByOwner!('bob', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['bobs']);

        // Its owner goes on with it (and cannot start it again over itself); bob starts his own "kept" beside it.
        await expect(store.write(await ann('kept'), 0, { append: [turn('user', 'over it')], set: { owner: 'ann' } })).rejects.toBeInstanceOf(StaleSessionError);
        expect(await store.write(await ann('kept'), 3, { append: [turn('user', 'and the eggs')], set: { updatedAt: 4000 } })).toBe(4);
        expect(await store.write(await bob('kept'), 0, { append: [turn('user', 'bob’s own')], set: { owner: 'bob', updatedAt: 5000 } })).toBe(1);
        const reopened = await again();
        expect(await texts(reopened, await ann('kept'))).toEqual(['remember the milk', 'Noted: the milk.', 'and the eggs']);
        expect(await texts(reopened, await bob('kept'))).toEqual(['bob’s own']);
        expect((await reopened.listByOwner!('ann', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['kept', 'ann:notes']);
        expect((await reopened.listByOwner!('bob', { limit: 10 })).sessions.map((listing) => listing.id)).toEqual(['kept', 'bobs']);

        // A delete by someone else leaves it; its owner's removes it, and the id starts again for them.
        await reopened.delete(await bob('ann:notes'));
        expect(await texts(reopened, await ann('ann:notes'))).toEqual(['a note with a colon id']);
        await reopened.delete(await ann('kept'));
        expect(await reopened.load(await ann('kept'))).toBeUndefined();
        expect(await texts(reopened, await bob('kept'))).toEqual(['bob’s own']);
        expect(await reopened.write(await ann('kept'), 0, { append: [turn('user', 'anew')], set: { owner: 'ann' } })).toBe(1);
        expect(await texts(await again(), await ann('kept'))).toEqual(['anew']);
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
