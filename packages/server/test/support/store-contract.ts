import type { Turn } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { StaleSessionError, type SessionStore } from '../../src/index.js';

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
