import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, memoryStore, scriptedModel, sessionRef } from '../src/index.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { anonymousPrincipalOf, sameBrowser } from './support/same-browser.js';

// Undo that matches the server (issue #20, point 2): the session and every run's done name the user turn whose
// changes POST /undo would undo, so a client shows Undo on that turn, after a read-only turn and after a reload.

const titles = new Map<string, string>();
const title = (sessionId: string) => titles.get(sessionId) ?? 'Q2 plan';

const tools = [
  defineTool({
    name: 'rename',
    description: 'Rename the board',
    kind: 'write',
    input: z.object({ title: z.string() }),
    execute: ({ title: next }, { sessionId }) => {
      titles.set(sessionId, next);
      return 'renamed';
    },
  }),
  defineTool({
    name: 'rename_after_asking',
    description: 'Rename the board, once the user agrees',
    kind: 'write',
    input: z.object({ title: z.string() }),
    needsConfirmation: true,
    execute: ({ title: next }, { sessionId }) => {
      titles.set(sessionId, next);
      return 'renamed';
    },
  }),
  defineTool({
    name: 'broken_rename',
    description: 'A rename that always fails',
    kind: 'write',
    input: z.object({}),
    execute: () => {
      throw new Error('the board is locked');
    },
  }),
  defineTool({ name: 'read', description: 'Read the board', input: z.object({}), execute: (_input, { sessionId }) => title(sessionId) }),
];

const model = scriptedModel(({ text }) => {
  if (text === 'rename') return [[{ tool: 'rename', input: { title: 'Q3 plan' } }], [{ text: 'Renamed.' }]];
  if (text === 'rename after asking') return [[{ tool: 'rename_after_asking', input: { title: 'Q4 plan' } }], [{ text: 'Renamed.' }]];
  if (text === 'fail') return [[{ tool: 'broken_rename' }], [{ text: 'It failed.' }]];
  return [[{ tool: 'read' }], [{ text: 'Read it.' }]];
});

const store = memoryStore();
let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model,
      tools,
      store,
      state: {
        snapshot: (sessionId) => ({ title: title(sessionId) }),
        restore: (sessionId, snapshot) => {
          titles.set(sessionId, (snapshot as { title: string }).title);
        },
      },
    }),
  );
});
afterAll(() => server.close());
const client = () => sameBrowser(server.url);

/** Sends `text`; returns the run's user turn id and its done event. */
async function turn(sessionId: string, text: string) {
  const events = await client().run(sessionId, { text });
  return { userTurnId: started(events).userTurnId!, done: doneOf(events) };
}
const started = (events: ReceivedEvent[]) => events[0]!.data as { type: 'run_started'; userTurnId?: string };
const doneOf = (events: ReceivedEvent[]) => events.at(-1)!.data as { type: 'done'; hasWrites: boolean; undoable: boolean; undoTurnId?: string };

describe('which turn Undo belongs to', () => {
  it('is the writing turn, in its done and in the session', async () => {
    const write = await turn('w1', 'rename');
    expect(write.done).toMatchObject({ hasWrites: true, undoable: true, undoTurnId: write.userTurnId });
    expect(await client().history('w1')).toMatchObject({ undoable: true, undoTurnId: write.userTurnId });
  });

  it('stays the writing turn after a read-only turn, which POST /undo then undoes', async () => {
    const write = await turn('w2', 'rename');
    const read = await turn('w2', 'read');
    // This turn changed nothing (so it is not "undoable" itself), but the server would still undo the write.
    expect(read.done).toMatchObject({ hasWrites: false, undoable: false, undoTurnId: write.userTurnId });
    // A reload sees the same.
    expect(await client().history('w2')).toMatchObject({ undoable: true, undoTurnId: write.userTurnId });

    expect((await client().undo('w2')).status).toBe(200);
    expect(title('w2')).toBe('Q2 plan');
    const after = await client().history('w2');
    expect(after.undoable).toBe(false);
    expect(after).not.toHaveProperty('undoTurnId');
    const next = await turn('w2', 'read');
    expect(next.done).not.toHaveProperty('undoTurnId');
  });

  it('stays the last writing turn after a turn whose writes all failed', async () => {
    const write = await turn('w3', 'rename');
    const failed = await turn('w3', 'fail');
    expect(failed.done).toMatchObject({ hasWrites: false, undoTurnId: write.userTurnId });
    expect((await client().history('w3')).undoTurnId).toBe(write.userTurnId);
  });

  it('moves to a newer writing turn', async () => {
    await turn('w4', 'rename');
    await turn('w4', 'read');
    const newer = await turn('w4', 'rename');
    expect(newer.done.undoTurnId).toBe(newer.userTurnId);
    expect((await client().history('w4')).undoTurnId).toBe(newer.userTurnId);
  });

  it('is the message a confirmed write answered, when it runs on resume', async () => {
    const asked = await turn('w5', 'rename after asking');
    expect(asked.done).not.toHaveProperty('undoTurnId');
    const call = (await client().history('w5')).pending[0]!;
    const resumed = await client().resume('w5', { decisions: [{ toolCallId: call.toolCallId, action: 'approve' }] });
    expect(doneOf(resumed)).toMatchObject({ hasWrites: true, undoable: true, undoTurnId: asked.userTurnId });
  });

  it('is found from the history for a session saved before undo kept its turn', async () => {
    const write = await turn('w6', 'rename');
    await turn('w6', 'read');
    // As an older version stored it: the snapshot alone.
    const w6 = await sessionRef(anonymousPrincipalOf(client().cookies), 'w6');
    const stored = (await store.load(w6))!;
    await store.write(w6, stored.version, { set: { undo: { snapshot: stored.undo!.snapshot } } });
    expect((await store.load(w6))!.undo).not.toHaveProperty('turnId');
    expect(await client().history('w6')).toMatchObject({ undoable: true, undoTurnId: write.userTurnId });
  });

  it('is never set without a state option', async () => {
    const local = await serveApp(createAgentChat({ model, tools }));
    try {
      const events = await sameBrowser(local.url).run('w7', { text: 'rename' });
      expect(doneOf(events)).not.toHaveProperty('undoTurnId');
      expect(await sameBrowser(local.url).history('w7')).not.toHaveProperty('undoTurnId');
    } finally {
      await local.close();
    }
  });
});
