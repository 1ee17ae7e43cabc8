import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, memoryEventLog, memoryStore, scriptedModel, sessionRef, type SessionStore } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { readThenDrop } from './support/read-then-drop.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Memory bounded by what readers can still ask for (issue 33.2), over real HTTP: the event log lets a run go once
// its readers have it (or, for one that dropped, once the resume window has passed), and a bounded store never
// rewrites a running session whole.

const look = defineTool({ name: 'look', description: 'Look', input: z.object({}), execute: () => ({ seen: true }) });
// Three steps a run (two tool rounds, then text), each paced, so that many runs are in flight at once.
const model = scriptedModel([[{ tool: 'look' }], [{ tool: 'look' }], [{ text: 'A reply in several pieces, streamed slowly enough to overlap.' }]], {
  chunkSize: 8,
  delayMs: 3,
});

const servers: RunningServer[] = [];
async function serve(options: Parameters<typeof createAgentChat>[0]) {
  const server = await serveApp(createAgentChat(options));
  servers.push(server);
  return agentClient(server.url);
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** A store that counts what is written to it: writes, and those that rewrite a session whole. */
function counting(inner: SessionStore, withHold = true) {
  const counts = { writes: 0, whole: 0 };
  const store: SessionStore = {
    load: (session) => inner.load(session),
    delete: (session) => inner.delete(session),
    write(session, version, write) {
      counts.writes++;
      if (write.replace) counts.whole++;
      return inner.write(session, version, write);
    },
    ...(withHold && inner.hold ? { hold: (session) => inner.hold!(session) } : {}),
  };
  return { store, counts };
}

describe('what a run leaves in memory', () => {
  it('the event log holds nothing once the runs have ended and their readers have their done', async () => {
    const events = memoryEventLog();
    const client = await serve({ model, tools: [look], events });
    const runs = await Promise.all(['a', 'b', 'c', 'd'].map((id) => client.run(`ended-${id}`, { text: 'go' })));
    for (const run of runs) expect(run.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    await vi.waitFor(() => expect(events.stats()).toEqual({ sessions: 0, events: 0 }), { timeout: 5_000, interval: 10 });
  });

  it('a reader that dropped resumes within the window; after it, the log holds nothing and a resume is told events_gone', async () => {
    const events = memoryEventLog({ resumeWindowMs: 400 });
    const client = await serve({ model, tools: [look], events });
    const first = await readThenDrop(await client.send('dropped', { text: 'go' }), 3);
    const lastId = first.at(-1)!.id;
    // The run goes on without its reader and ends; the dropped reader comes back within the window.
    await vi.waitFor(async () => expect((await client.history('dropped')).running).toBe(false), { timeout: 10_000, interval: 10 });
    const resumed = await readAgentEvents(await client.request('/sessions/dropped/stream', { headers: { 'last-event-id': String(lastId) } }));
    expect(resumed[0]!.id).toBe(lastId + 1);
    expect(resumed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // The window passes with no call to the log: it lets the run go by itself.
    await vi.waitFor(() => expect(events.stats()).toEqual({ sessions: 0, events: 0 }), { timeout: 5_000, interval: 10 });
    const late = await readAgentEvents(await client.request('/sessions/dropped/stream', { headers: { 'last-event-id': String(lastId) } }));
    expect(late.map((event) => event.data)).toEqual([expect.objectContaining({ type: 'error', code: 'events_gone' })]);
  });

  it('a bounded store never rewrites a running session whole, however many runs push past its cap', async () => {
    const sessions = memoryStore({ maxSessions: 2 });
    const { store, counts } = counting(sessions);
    const client = await serve({ model, tools: [look], store });
    const ids = ['s1', 's2', 's3', 's4', 's5', 's6'];
    const runs = await Promise.all(ids.map((id) => client.run(id, { text: 'go' })));
    for (const run of runs) expect(run.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(counts.whole).toBe(0);
    // Each run wrote step by step; with six in flight over a cap of two, none was pushed out under its run.
    expect(counts.writes).toBeGreaterThanOrEqual(ids.length * 3);
    // Once they have ended, the cap holds again.
    expect(sessions.size).toBe(2);
  });

  it('a session is held from its load: pushed at once past the cap by another session, its run still only appends', async () => {
    const sessions = memoryStore({ maxSessions: 1 });
    const { store, counts } = counting(sessions);
    const other = await sessionRef('tester', 'other');
    let crowd = false;
    // Right after the request loads `kept`, and before its run writes, another session is written: without a hold
    // taken before the load, `kept` (version 2 or more) would be pushed out and its run would write it whole.
    const load = store.load.bind(store);
    store.load = async (session) => {
      const loaded = await load(session);
      if (crowd && session.id === 'kept') {
        crowd = false;
        await sessions.write(other, 0, { set: { title: 'pushing' } });
      }
      return loaded;
    };
    const client = await serve({ model, tools: [look], store, authorize: () => 'tester' });
    expect((await client.run('kept', { text: 'one' })).at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    crowd = true;
    expect((await client.run('kept', { text: 'two' })).at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(crowd).toBe(false);
    expect(counts.whole).toBe(0);
    const history = await client.history('kept');
    expect(history.turns.flatMap((turn) => (turn.type === 'user' ? [turn.text] : []))).toEqual(['one', 'two']);
  });

  it('without hold, the same runs would be pushed out under themselves and rewritten whole (what hold prevents)', async () => {
    const { store, counts } = counting(memoryStore({ maxSessions: 2 }), false);
    const client = await serve({ model, tools: [look], store });
    await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((id) => client.run(id, { text: 'go' })));
    expect(counts.whole).toBeGreaterThan(0);
  });
});
