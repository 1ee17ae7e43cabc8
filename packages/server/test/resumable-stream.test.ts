import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, localRunCoordinator, scriptedModel, type AgentChatAppOptions, type RunCoordinator } from '../src/index.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { readThenDrop } from './support/read-then-drop.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { addNote } from './support/add-note-tool.js';

const LONG = 'A reply long enough to be cut in the middle, piece by piece, while it streams. '.repeat(6);
const model = scriptedModel(
  ({ text, turns }) =>
    text.startsWith('note')
      ? [[{ tool: 'add_note', input: { text: 'remember' } }], [{ text: 'Noted.' }]]
      : turns.some((turn) => turn.type === 'tool_result')
        ? [[{ text: 'Done.' }]]
        : [[{ thinking: 'Thinking it over.' }, { text: LONG }]],
  { chunkSize: 6, delayMs: 3 },
);

const servers: RunningServer[] = [];
async function serve(options: Partial<AgentChatAppOptions> = {}) {
  const server = await serveApp(createAgentChat({ model, tools: [addNote], authorize: (c) => c.req.header('x-user') ?? null, ...options }));
  servers.push(server);
  return server;
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

const as = (server: RunningServer, user = 'ann') => agentClient(server.url, { headers: { 'x-user': user } });

async function waitIdle(client: AgentClient, sessionId: string) {
  for (let i = 0; i < 500; i++) {
    if (!(await client.history(sessionId)).running) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the run never ended');
}

const textOf = (events: ReceivedEvent[]) => events.flatMap((e) => (e.data.type === 'text_delta' ? [e.data.text] : [])).join('');

describe('streams that survive a dropped connection (one instance)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve();
  });

  it('a client that drops does not cancel the run: it ends, and its whole reply is in the history', async () => {
    const ann = as(server);
    await readThenDrop(await ann.send('drop-1', { text: 'tell me' }), 5);
    await waitIdle(ann, 'drop-1');
    const history = await ann.history('drop-1');
    expect(history.turns.find((turn) => turn.type === 'assistant_text')).toMatchObject({ text: LONG });
    expect(history.turns.at(-1)).toMatchObject({ type: 'assistant_text' });
  });

  it('GET /stream with Last-Event-ID replays exactly what was missed, then follows the run to done', async () => {
    const ann = as(server);
    const first = await readThenDrop(await ann.send('resume-1', { text: 'tell me' }), 8);
    const lastId = first.at(-1)!.id;
    const resumed = await readAgentEvents(await ann.request('/sessions/resume-1/stream', { headers: { 'last-event-id': String(lastId) } }));
    const ids = [...first, ...resumed].map((event) => Number(event.id));
    // Every id once, in order, from run_started to done.
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
    expect(first[0]!.data.type).toBe('run_started');
    expect(resumed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(textOf([...first, ...resumed])).toBe(LONG);
    // ?after= works as the header does.
    const again = await readAgentEvents(await ann.request(`/sessions/resume-1/stream?after=${lastId}`));
    expect(again.map((event) => event.id)).toEqual(resumed.map((event) => event.id));
  });

  it('a second tab follows the live run from the history it loaded', async () => {
    const ann = as(server);
    const tab1 = ann.send('tab-1', { text: 'tell me' });
    // The second tab loads the history while the run streams, then follows from its lastEventId.
    let history = await ann.history('tab-1');
    for (let i = 0; i < 100 && !history.running; i++) history = await ann.history('tab-1');
    expect(history.running).toBe(true);
    const tab2 = await readAgentEvents(await ann.request(`/sessions/tab-1/stream?after=${history.lastEventId}`));
    const tab1Events = await readAgentEvents(await tab1);
    expect(tab2.at(-1)!.data).toMatchObject({ type: 'done' });
    // What tab 2 saw is the tail of what tab 1 saw, event for event.
    expect(tab1Events.slice(-tab2.length).map((e) => e.id)).toEqual(tab2.map((e) => e.id));
  });

  it('Stop works while a client is attached to a resumed stream', async () => {
    const ann = as(server);
    const first = await readThenDrop(await ann.send('stop-resumed', { text: 'tell me' }), 4);
    const response = await ann.request('/sessions/stop-resumed/stream', { headers: { 'last-event-id': String(first.at(-1)!.id) } });
    let stopped = false;
    const resumed = await readAgentEvents(response, (event) => {
      if (!stopped && event.data.type === 'text_delta') {
        stopped = true;
        void ann.cancel('stop-resumed');
      }
    });
    expect(resumed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect((await ann.history('stop-resumed')).turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled' });
  });

  it('answers 204 when there is nothing to follow, 400 for a bad id, 404 to a stranger', async () => {
    const ann = as(server);
    await ann.run('quiet', { text: 'tell me' });
    const { lastEventId } = await ann.history('quiet');
    expect((await ann.request(`/sessions/quiet/stream?after=${lastEventId}`)).status).toBe(204);
    const bad = await ann.request('/sessions/quiet/stream', { headers: { 'last-event-id': 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'after' } });
    const stranger = await as(server, 'bob').request('/sessions/quiet/stream?after=0');
    expect(stranger.status).toBe(404);
  });

  it('a resume past the last event is a 400 naming after; from any id the session sent it ends with the run\'s done', async () => {
    const ann = as(server);
    const first = await readThenDrop(await ann.send('past-end', { text: 'tell me' }), 3);
    const seen = Number(first.at(-1)!.id);
    // Issue 31.3: these waited ~30 s for the heartbeat, then said run_lost, which invites sending the message again.
    for (const headers of [{ 'last-event-id': '999999999999999' }, { 'last-event-id': String(seen + 100_000) }]) {
      const past = await ann.request('/sessions/past-end/stream', { headers });
      expect(past.status).toBe(400);
      expect(await past.json()).toMatchObject({ error: { code: 'invalid_request', field: 'after' } });
    }
    const followers = await Promise.all(
      [0, Number(first[0]!.id), seen].map(async (after) => readAgentEvents(await ann.request(`/sessions/past-end/stream?after=${after}`))),
    );
    for (const events of followers) expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    await waitIdle(ann, 'past-end');
    const { lastEventId } = await ann.history('past-end');
    expect((await ann.request(`/sessions/past-end/stream?after=${lastEventId}`)).status).toBe(204);
    expect((await ann.request(`/sessions/past-end/stream?after=${lastEventId + 1}`)).status).toBe(400);
  });

  it('an approval is taken once: a second answer gets 409 and the history shows the first', async () => {
    const ann = as(server);
    const events = await ann.run('approve-once', { text: 'note this' });
    const call = events.find((event) => event.data.type === 'awaiting_input')!.data as { calls: { toolCallId: string }[] };
    const toolCallId = call.calls[0]!.toolCallId;
    const [approve, deny] = await Promise.all([
      ann.resumeRaw('approve-once', { decisions: [{ toolCallId, action: 'approve' }] }),
      ann.resumeRaw('approve-once', { decisions: [{ toolCallId, action: 'deny' }] }),
    ]);
    const statuses = [approve.status, deny.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = approve.status === 200 ? approve : deny;
    await readAgentEvents(winner);
    const loser = approve.status === 200 ? deny : approve;
    expect((await loser.json()) as { error: { code: string } }).toMatchObject({ error: { code: 'conflict' } });
    // Later answers also see it was answered.
    const late = await ann.resumeRaw('approve-once', { decisions: [{ toolCallId, action: 'approve' }] });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/answered already/);
    const results = (await ann.history('approve-once')).turns.filter((turn) => turn.type === 'tool_result');
    expect(results).toHaveLength(1);
  });
});

describe('waiting for the next run (?wait=1): a tab showing a pending approval', () => {
  it('holds the stream open with no run in flight, then follows the run another tab starts by answering', async () => {
    // Nobody holds a run while the stream waits: a plain follower would have ended with run_lost by the second beat.
    const server = await serve({ streamHeartbeatMs: 40 });
    const ann = as(server);
    const asked = await ann.run('wait-1', { text: 'note this' });
    expect(asked.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'awaiting_input' });
    const toolCallId = (asked.find((event) => event.data.type === 'awaiting_input')!.data as { calls: { toolCallId: string }[] }).calls[0]!.toolCallId;
    const { lastEventId } = await ann.history('wait-1');

    // Without wait, nothing to follow; with it, the stream stays open.
    expect((await ann.request(`/sessions/wait-1/stream?after=${lastEventId}`)).status).toBe(204);
    const waiting = await ann.request(`/sessions/wait-1/stream?after=${lastEventId}&wait=1`);
    expect(waiting.status).toBe(200);
    const reader = waiting.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    const readUntil = async (text: string, times = 1) => {
      while (raw.split(text).length - 1 < times) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${text}" (${times}×): ${raw}`);
        raw += value;
      }
    };
    // Several heartbeats pass with no run and no run_lost (counted as they come, not waited for by the clock).
    await readUntil(': waiting for a run', 4);
    expect(raw).not.toContain('run_lost');

    // The other tab answers: the waiting stream gets that run, from its first event to done.
    const answered = await ann.resume('wait-1', { decisions: [{ toolCallId, action: 'approve' }] });
    await readUntil('event: done');
    reader.cancel().catch(() => {});
    const ids = [...raw.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toEqual(answered.map((event) => Number(event.id)));
    expect(ids[0]).toBe(lastEventId + 1);
    expect(raw).toContain('event: run_started');
    expect(raw).toContain('event: tool_result');
    expect(raw).not.toContain('run_lost');
  });

  it('replays a run that started before it connected, as without wait', async () => {
    const ann = as(await serve());
    const sent = await ann.send('wait-2', { text: 'tell me' });
    // The run is still going (its reply is paced, 3 ms a piece) when the waiting tab asks from before it.
    const replay = await readAgentEvents(await ann.request('/sessions/wait-2/stream?after=0&wait=1'));
    await readAgentEvents(sent);
    expect(replay[0]!.data.type).toBe('run_started');
    expect(replay.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('refuses a wait that is not 1 or 0, naming the field', async () => {
    const ann = as(await serve());
    await ann.run('wait-3', { text: 'tell me' });
    const bad = await ann.request('/sessions/wait-3/stream?wait=yes');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'wait' } });
  });
});

describe('cancelOnDisconnect', () => {
  it('stops the run when its client goes away', async () => {
    const server = await serve({ cancelOnDisconnect: true });
    const ann = as(server);
    await readThenDrop(await ann.send('cod', { text: 'tell me' }), 5);
    await waitIdle(ann, 'cod');
    const history = await ann.history('cod');
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled' });
    // Cut short: the reply in the history is only what had streamed.
    const reply = history.turns.find((turn) => turn.type === 'assistant_text');
    expect(reply && 'text' in reply ? reply.text.length : 0).toBeLessThan(LONG.length);
  });
});

describe('a quiet stream', () => {
  /** A tool that takes as long as the test wants: the run stays quiet meanwhile. */
  let release: () => void = () => {};
  const slow = defineTool({
    name: 'slow',
    description: 'Takes its time',
    input: z.object({}),
    execute: () => new Promise<string>((resolve) => (release = () => resolve('finally'))),
  });
  const quietModel = scriptedModel(({ turns }) =>
    turns.some((turn) => turn.type === 'tool_result') ? [[{ text: 'Done.' }]] : [[{ tool: 'slow', input: {} }]],
  );

  it('gets a comment line while its run is quiet, and goes on to done', async () => {
    const server = await serve({ model: quietModel, tools: [slow], streamHeartbeatMs: 60 });
    const response = await as(server).send('heartbeat', { text: 'go' });
    // The tool is released once a heartbeat has come (not after a time: under load none may have come by then).
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let raw = '';
    let released = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += value;
      if (!released && raw.includes(': still running')) {
        released = true;
        release();
      }
    }
    expect(raw).toContain(': still running');
    expect(raw).toContain('event: done');
  });

  it('ends with run_lost and done when nobody holds its run any more (the instance running it died)', async () => {
    const local = localRunCoordinator();
    let forgotten = false;
    // What a dead instance's expired lock looks like to the others: no holder, and nothing more in the log.
    const coordinator: RunCoordinator = { ...local, holder: async (sessionId) => (forgotten ? undefined : local.holder(sessionId)) };
    const server = await serve({ model: quietModel, tools: [slow], streamHeartbeatMs: 50, coordinator });
    const events = await readAgentEvents(await as(server).send('lost', { text: 'go' }), (event) => {
      if (event.data.type === 'tool_call') forgotten = true;
    });
    expect(events.slice(-2).map((event) => event.data)).toEqual([
      { type: 'error', message: expect.stringMatching(/run was lost/), code: 'run_lost' },
      { type: 'done', stopReason: 'error', hasWrites: false, undoable: false },
    ]);
    release();
  });
});
