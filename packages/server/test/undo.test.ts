import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// The host's server-side state, per session, as an app would keep it.
const decks = new Map<string, string[]>();
const deck = (sessionId: string) => decks.get(sessionId) ?? decks.set(sessionId, ['Hook', 'Tips']).get(sessionId)!;
let snapshots = 0;

const tools = [
  defineTool({
    name: 'rewrite_slide',
    description: 'Rewrite a slide',
    kind: 'write',
    input: z.object({ index: z.number(), text: z.string() }),
    execute: ({ index, text }, { sessionId }) => {
      deck(sessionId)[index] = text;
      return 'rewritten';
    },
  }),
  defineTool({
    name: 'append_slide',
    description: 'Add a slide; fails on an empty text after adding a blank one, as a half-done write would',
    kind: 'write',
    input: z.object({ text: z.string() }),
    execute: ({ text }, { sessionId }) => {
      deck(sessionId).push(text);
      if (!text) throw new Error('a slide needs a text');
      return 'appended';
    },
  }),
  defineTool({
    name: 'get_slide',
    description: 'Read a slide',
    input: z.object({ index: z.number() }),
    execute: ({ index }, { sessionId }) => deck(sessionId)[index],
  }),
];

const model = scriptedModel(({ text }) => {
  if (text === 'rewrite') {
    return [[{ tool: 'rewrite_slide', input: { index: 0, text: 'New hook' } }, { tool: 'rewrite_slide', input: { index: 1, text: 'New tips' } }], [{ text: 'Rewrote both.' }]];
  }
  // A write the tool's schema refuses, and one that throws after changing the deck: both end as error results.
  if (text === 'fail') return [[{ tool: 'rewrite_slide', input: { index: 'first' } }, { tool: 'append_slide', input: { text: '' } }], [{ text: 'That failed.' }]];
  if (text === 'fail then append') return [[{ tool: 'append_slide', input: { text: '' } }], [{ tool: 'append_slide', input: { text: 'Outro' } }], [{ text: 'Added.' }]];
  return [[{ tool: 'get_slide', input: { index: 0 } }], [{ text: 'Read it.' }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model,
      tools,
      state: {
        snapshot: (sessionId) => {
          snapshots++;
          return [...deck(sessionId)];
        },
        restore: (sessionId, snapshot) => {
          decks.set(sessionId, [...(snapshot as string[])]);
          return { slides: decks.get(sessionId) };
        },
      },
    }),
  );
});
afterAll(() => server.close());
const client = () => sameBrowser(server.url);

describe('one-level undo', () => {
  it('restores the state from before a writing turn and returns it; a second undo is 404', async () => {
    const events = await client().run('u1', { text: 'rewrite' });
    expect(deck('u1')).toEqual(['New hook', 'New tips']);
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true, undoable: true });
    expect(events.filter((e) => e.data.type === 'state').at(-1)!.data).toMatchObject({ state: ['New hook', 'New tips'] });

    const undo = await client().undo('u1');
    expect(undo.status).toBe(200);
    expect(await undo.json()).toEqual({ state: { slides: ['Hook', 'Tips'] } });
    expect(deck('u1')).toEqual(['Hook', 'Tips']);
    const history = await client().history('u1');
    expect(history.undoable).toBe(false);
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', text: 'Changes undone' });

    const again = await client().undo('u1');
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('takes one snapshot per turn, before the first write', async () => {
    const before = snapshots;
    await client().run('u2', { text: 'rewrite' });
    // One snapshot for undo, plus one state event per write for the page.
    expect(snapshots - before).toBe(3);
  });

  it('a read-only turn takes no snapshot, and has nothing to undo', async () => {
    const before = snapshots;
    const events = await client().run('u3', { text: 'read' });
    expect(snapshots).toBe(before);
    expect(events.at(-1)!.data).toMatchObject({ hasWrites: false, undoable: false });
    expect((await client().undo('u3')).status).toBe(404);
  });

  it('a new writing turn replaces the snapshot', async () => {
    await client().run('u4', { text: 'rewrite' });
    deck('u4')[0] = 'Edited by hand';
    await client().run('u4', { text: 'rewrite' });
    await client().undo('u4');
    expect(deck('u4')).toEqual(['Edited by hand', 'New tips']);
  });

  it('a turn whose writes all failed has no writes and nothing to undo', async () => {
    const before = snapshots;
    const events = await client().run('u6', { text: 'fail' });
    const results = events.flatMap((e) => (e.data.type === 'tool_result' ? [e.data.isError] : []));
    expect(results).toEqual([true, true]);
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: false, undoable: false });
    // No state event either: only a write that succeeded changes what the page shows.
    expect(events.some((e) => e.data.type === 'state')).toBe(false);
    // The snapshot was taken before the write that ran, in case it succeeded.
    expect(snapshots - before).toBe(1);
    expect((await client().history('u6')).undoable).toBe(false);
    expect((await client().undo('u6')).status).toBe(404);
  });

  it('a failed write leaves the last writing turn undoable, as a read-only turn does', async () => {
    await client().run('u7', { text: 'rewrite' });
    const events = await client().run('u7', { text: 'fail' });
    expect(events.at(-1)!.data).toMatchObject({ hasWrites: false, undoable: false });
    expect((await client().history('u7')).undoable).toBe(true);
    expect((await client().undo('u7')).status).toBe(200);
    // Back to before the writing turn: the blank slide the failed write left goes too.
    expect(deck('u7')).toEqual(['Hook', 'Tips']);
  });

  it('a write that succeeds after a failed one makes the turn undoable, back to before the failed one', async () => {
    const events = await client().run('u8', { text: 'fail then append' });
    expect(events.flatMap((e) => (e.data.type === 'tool_result' ? [e.data.isError] : []))).toEqual([true, false]);
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true, undoable: true });
    expect(deck('u8')).toEqual(['Hook', 'Tips', '', 'Outro']);
    expect((await client().undo('u8')).status).toBe(200);
    expect(deck('u8')).toEqual(['Hook', 'Tips']);
  });

  it('without a state option there is never anything to undo', async () => {
    const local = await serveApp(createAgentChat({ model, tools }));
    try {
      const events = await sameBrowser(local.url).run('u5', { text: 'rewrite' });
      expect(events.at(-1)!.data).toMatchObject({ hasWrites: true, undoable: false });
      expect((await sameBrowser(local.url).undo('u5')).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});
