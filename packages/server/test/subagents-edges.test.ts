import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineSubagent, defineTool, memoryStore, scriptedModel, type SessionStore } from '../src/index.js';
import { fileStore } from '../src/file-store.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agentClient } from '../src/testing/agent-client.js';

// Sub-agents at the edges (a review of issue 34's server, each case once a bug): branches that commit while another
// commit is on its way to a store that takes its time; a failed save beside running branches; Stop of a branch still
// waiting for its turn; two branches writing at once and undo; Stop while a branch waits for the user.

const servers: RunningServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
async function serve(options: Parameters<typeof createAgentChat>[0]) {
  const server = await serveApp(createAgentChat(options));
  servers.push(server);
  return agentClient(server.url);
}
const data = (events: { data: StreamEvent }[]) => events.map((event) => event.data);

/** A promise and the function that settles it: what a held tool or snapshot waits on. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Every call in each conversation of the tree has exactly one result, after it: each model's history is valid. */
function expectValidTree(turns: readonly Turn[], subagentTurns: readonly Turn[] = []) {
  const byBranch = new Map<string | undefined, Turn[]>();
  for (const turn of [...turns, ...subagentTurns]) byBranch.set(turn.parentCallId, [...(byBranch.get(turn.parentCallId) ?? []), turn]);
  for (const [branch, list] of byBranch) {
    list.forEach((turn, index) => {
      if (turn.type !== 'tool_call') return;
      const results = list.flatMap((other, at) => (other.type === 'tool_result' && other.toolCallId === turn.toolCallId ? [at] : []));
      expect(results, `${branch ?? 'main'}: ${turn.name} ${turn.toolCallId}`).toHaveLength(1);
      expect(results[0]!).toBeGreaterThan(index);
    });
  }
}

const echo = defineSubagent({
  name: 'echo',
  description: 'Answer with n',
  input: z.object({ n: z.number() }),
  prompt: ({ n }) => `n=${n}`,
  system: 'You echo.',
  model: scriptedModel(({ text }) => [[{ text: `found ${text}` }]], { name: 'echo', delayMs: 1 }),
});

/** A sub-agent whose one tool waits until `opened` settles, then answers `done`. */
function waitingSubagent(name: string, opened: Promise<void>, done: string) {
  return defineSubagent({
    name,
    description: `The ${name} sub-agent`,
    input: z.object({}),
    prompt: () => name,
    system: `You are ${name}.`,
    tools: [defineTool({ name: 'work', description: 'Work', input: z.object({}), execute: async () => (await opened, 'worked') })],
    model: scriptedModel(() => [[{ tool: 'work' }], [{ text: done }]], { name }),
  });
}

const deleteNote = defineTool({ name: 'delete_note', description: 'Delete', kind: 'write', needsConfirmation: true, input: z.object({ id: z.string() }), execute: ({ id }) => `Deleted ${id}` });

describe('sub-agents at the edges', () => {
  it('a store that takes its time to write loses nothing that branches wrote while it wrote (the file store, 5 runs)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'subagents-'));
    dirs.push(dir);
    const client = await serve({
      model: scriptedModel(() => [[1, 2, 3].map((n) => ({ tool: 'echo', input: { n } })), [{ text: 'Done.' }]]),
      tools: [echo],
      store: fileStore({ dir }),
    });
    for (let round = 0; round < 5; round++) {
      const events = data(await client.run(`f${round}`, { text: 'go' }));
      expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
      const history = await client.history(`f${round}`);
      expect(history.turns.map((turn) => turn.type)).toEqual(['user', 'tool_call', 'tool_call', 'tool_call', 'tool_result', 'tool_result', 'tool_result', 'assistant_text']);
      expect(history.subagentTurns).toHaveLength(6);
      expectValidTree(history.turns, history.subagentTurns);
    }
  });

  it('a save that fails beside running branches ends the run only once every branch has ended', async () => {
    const inner = memoryStore();
    // The first write that carries the plain tool's result fails, as a disk full for a moment would.
    let failed = false;
    const store: SessionStore = {
      ...inner,
      write: async (ref, version, write) => {
        if (!failed && (write.append ?? []).some((turn) => turn.type === 'tool_result' && turn.name === 'plain')) {
          failed = true;
          throw new Error('disk full');
        }
        return inner.write(ref, version, write);
      },
    };
    const held = gate();
    const slow = waitingSubagent('slow', held.opened, 'late answer');
    const plain = defineTool({ name: 'plain', description: 'Plain', input: z.object({}), execute: () => 'ok' });
    const client = await serve({ model: scriptedModel(() => [[{ tool: 'slow' }, { tool: 'plain' }], [{ text: 'Done.' }]]), tools: [slow, plain], store });
    const events = data(
      await client.run('o1', { text: 'go' }, (event) => {
        // The branch holds until the plain call's save has failed (its result streams just before that save).
        if (event.data.type === 'tool_result' && event.data.name === 'plain') held.open();
      }),
    );
    const done = events.findIndex((event) => event.type === 'done');
    expect(events[done]).toMatchObject({ stopReason: 'error' });
    // The branch ran to its own end (its answer, not a result made up for a call left behind) before done.
    const slowResult = events.findIndex((event) => event.type === 'tool_result' && event.name === 'slow');
    expect(events[slowResult]).toMatchObject({ output: 'late answer', isError: false });
    expect(slowResult).toBeLessThan(done);
    expect(done).toBe(events.length - 1);
  });

  it('Stop of a sub-agent still waiting for its turn under the concurrency limit stops it as it would have started', async () => {
    const release = gate();
    const held = defineSubagent({
      name: 'held',
      description: 'Held',
      input: z.object({ n: z.number() }),
      prompt: ({ n }) => `n=${n}`,
      system: 'You hold.',
      tools: [defineTool({ name: 'hold', description: 'Hold', input: z.object({}), execute: async () => (await release.opened, 'held') })],
      model: scriptedModel(({ text }) => [[{ tool: 'hold' }], [{ text: `answer ${text}` }]], { name: 'held' }),
    });
    const client = await serve({
      model: scriptedModel(() => [[{ tool: 'held', input: { n: 1 }, id: 'c1' }, { tool: 'held', input: { n: 2 }, id: 'c2' }], [{ text: 'Done.' }]]),
      tools: [held],
      subagentConcurrency: 1,
    });
    const events = data(
      await client.run('q1', { text: 'go' }, (event) => {
        // c1 runs and holds; c2 waits for c1's slot. Stop c2, then let c1 go on.
        if (event.data.type === 'tool_call' && event.data.name === 'hold' && event.data.parentCallId === 'c1') {
          void client.cancel('q1', { toolCallId: 'c2' }).then(() => release.open());
        }
      }),
    );
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn' });
    expect(events.find((event) => event.type === 'tool_result' && event.toolCallId === 'c2')).toMatchObject({ stopped: true, output: expect.stringContaining('Stopped by the user') });
    expect(events.find((event) => event.type === 'tool_result' && event.toolCallId === 'c1')).toMatchObject({ output: 'answer n=1' });
    // The stopped one never called its model: nothing of it streamed under its call.
    expect(events.some((event) => 'parentCallId' in event && event.parentCallId === 'c2')).toBe(false);
  });

  it('two branches writing at once share the turn’s one snapshot: undo goes back to before both', async () => {
    let notes: string[] = [];
    const bothWriting = gate();
    const firstWritten = gate();
    let beforeWrites = 0;
    const state = {
      // A state in a database, slow to read: the first snapshot is read once both writers have asked to write, and
      // any other asked for before a note was written (there must be none) once the first note is.
      async snapshot() {
        if (notes.length === 0) await (++beforeWrites === 1 ? bothWriting.opened : firstWritten.opened);
        return [...notes];
      },
      restore(_sessionId: string, snapshot: unknown) {
        notes = [...(snapshot as string[])];
      },
    };
    const addNote = defineTool({ name: 'add_note', description: 'Add a note', kind: 'write', input: z.object({ text: z.string() }), execute: ({ text }) => (notes.push(text), firstWritten.open(), 'added') });
    const writer = defineSubagent({
      name: 'writer',
      description: 'Writes a note',
      input: z.object({ text: z.string() }),
      prompt: ({ text }) => text,
      system: 'You write.',
      tools: [addNote],
      model: scriptedModel(({ text }) => [[{ tool: 'add_note', input: { text } }], [{ text: 'ok' }]], { name: 'writer' }),
    });
    const client = await serve({ model: scriptedModel(() => [[{ tool: 'writer', input: { text: 'one' } }, { tool: 'writer', input: { text: 'two' } }], [{ text: 'done' }]]), tools: [writer], state });
    let calls = 0;
    const events = data(
      await client.run('u1', { text: 'go' }, (event) => {
        if (event.data.type === 'tool_call' && event.data.name === 'add_note' && ++calls === 2) bothWriting.open();
      }),
    );
    expect(events.at(-1)).toMatchObject({ stopReason: 'end_turn', hasWrites: true, undoable: true });
    expect(notes.sort()).toEqual(['one', 'two']);
    expect(beforeWrites).toBe(1);
    expect((await client.undo('u1')).status).toBe(200);
    expect(notes).toEqual([]);
  });

  it('a plain Stop while one branch waits for the user and another runs stops the run; nothing is left pending', async () => {
    const release = gate();
    const cleaner = defineSubagent({
      name: 'cleaner',
      description: 'Cleans',
      input: z.object({}),
      prompt: () => 'clean',
      system: 'You clean.',
      tools: [deleteNote],
      model: scriptedModel(() => [[{ tool: 'delete_note', input: { id: 'a' } }], [{ text: 'cleaned' }]], { name: 'cleaner' }),
    });
    const busy = waitingSubagent('busy', release.opened, 'busy done');
    const client = await serve({ model: scriptedModel(() => [[{ tool: 'cleaner' }, { tool: 'busy' }], [{ text: 'main done' }]]), tools: [cleaner, busy] });
    const events = data(
      await client.run('s2', { text: 'go' }, (event) => {
        if (event.data.type === 'tool_call' && event.data.name === 'work') void client.cancel('s2').then(() => release.open());
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect(events.some((event) => event.type === 'awaiting_input')).toBe(false);
    const history = await client.history('s2');
    expect(history.pending).toEqual([]);
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled' });
    expectValidTree(history.turns, history.subagentTurns);
    // The next message goes on from a valid history.
    expect(data(await client.run('s2', { text: 'again' })).at(-1)).toMatchObject({ stopReason: 'awaiting_input' });
  });

  it('Stop of one branch that waits for the user and for a sub-agent of its own ends that branch; the run goes on', async () => {
    const release = gate();
    const slow = waitingSubagent('slow', release.opened, 'slow done');
    const cleaner = defineSubagent({
      name: 'cleaner',
      description: 'Cleans',
      input: z.object({}),
      prompt: () => 'clean',
      system: 'You clean.',
      tools: [deleteNote, slow],
      model: scriptedModel(() => [[{ tool: 'delete_note', input: { id: 'a' } }, { tool: 'slow' }], [{ text: 'cleaned' }]], { name: 'cleaner' }),
    });
    const client = await serve({ model: scriptedModel(() => [[{ tool: 'cleaner', id: 'BA' }], [{ text: 'main done' }]]), tools: [cleaner] });
    const events = data(
      await client.run('s3', { text: 'go' }, (event) => {
        if (event.data.type === 'tool_call' && event.data.name === 'work') void client.cancel('s3', { toolCallId: 'BA' }).then(() => release.open());
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(events.find((event) => event.type === 'tool_result' && event.toolCallId === 'BA')).toMatchObject({ stopped: true });
    const history = await client.history('s3');
    expect(history.pending).toEqual([]);
    expectValidTree(history.turns, history.subagentTurns);
  });
});
