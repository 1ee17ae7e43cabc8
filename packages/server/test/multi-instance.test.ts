// Several server processes sharing one Redis (issue #17), over real HTTP between real processes: each instance is
// `support/redis-instance.ts` in a child process, with the same REDIS_URL and AGENT_CHAT_SECRET, so to a browser
// they are one app behind a load balancer that sends each request anywhere. The model is the validating fake
// Messages API, started here: every request an instance sends it is checked as the real API checks it.
// The element reconnecting in Chromium is covered in packages/element/test/reconnect.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SessionResponse, Turn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { startFakeAnthropic, type FakeAnthropic, type FakeReply, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { readThenDrop } from './support/read-then-drop.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const skip = redisSkipReason('multi-instance.test.ts');
const SECRET = 'multi-instance-secret-0123456789abcdef01';
/**
 * Short, so that a killed instance's sessions are free again soon; long enough that a busy machine neither lets a live
 * run's lock lapse between renewals (every LOCK_MS / 3) nor the dead instance's before the test has looked at it (at
 * 1.5 s that left as little as 1 s after the kill).
 */
const LOCK_MS = 5_000;
/** The longest any single wait of this file may take. */
const WAIT_MS = 15_000;

/** A reply long enough (about 1.5 s at one SSE event per 15 ms) for a client to drop, resume or stop in the middle. */
const LONG = 'A long reply that streams piece by piece, so that a client can leave and come back in the middle. '.repeat(7);

/** Settles when the race test's round has both instances' answers (see that test). */
let raceAnswered: Promise<void> = Promise.resolve();

/** What the fake answers: chosen by the last user message, so each test asks for the reply it needs. */
function reply(body: RecordedRequest, index: number): FakeReply {
  const messages = body['messages'] as { role: string; content: string | { type: string; text?: string }[] }[];
  const content = messages.at(-1)!.content;
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const last = blocks.at(-1)!;
  if (last.type === 'tool_result') return { content: [{ type: 'text', text: 'Done.' }] };
  const text = last.text ?? '';
  if (text === 'long') return { content: [{ type: 'text', text: LONG }], chunkSize: 8, delayMs: 15 };
  // In flight until the test has both answers: a second message sent at the same moment finds the run going.
  if (text.startsWith('race')) return { content: [{ type: 'text', text: `Answer to ${text}.` }], holdUntil: raceAnswered };
  if (text === 'work') return { content: [{ type: 'text', text: 'Working.' }, { type: 'tool_use', id: `toolu_work_${index}`, name: 'work', input: { n: 1 } }] };
  // Two sub-agents (issue 34), each doing one unit of work.
  if (text === 'branches') return { content: [1, 2].map((n) => ({ type: 'tool_use' as const, id: `toolu_branch_${index}_${n}`, name: 'investigate', input: { n } })) };
  const unit = /^Investigate unit (\d+)$/.exec(text);
  if (unit) return { content: [{ type: 'text', text: 'Investigating.' }, { type: 'tool_use', id: `toolu_unit_${index}`, name: 'work', input: { n: Number(unit[1]) } }] };
  if (text === 'note') return { content: [{ type: 'tool_use', id: `toolu_note_${index}`, name: 'add_note', input: { text: 'remember' } }] };
  return { content: [{ type: 'text', text: `Answer to ${text}.` }] };
}

interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

let redis: RedisServer;
let fake: FakeAnthropic;
const instances: Instance[] = [];
let a: AgentClient;
let b: AgentClient;
let c: AgentClient;
let cInstance: Instance;

/** Rejects when `promise` takes longer than `ms`: no wait of this file is unbounded. */
function bounded<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function startInstance(): Promise<Instance> {
  // node itself with tsx's loader, not the tsx wrapper: kill -9 must hit the process that serves.
  const child = spawn(process.execPath, ['--conditions=agent-chat-source', '--import', 'tsx', join(here, 'support/redis-instance.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, REDIS_URL: redis.url, ANTHROPIC_FAKE_URL: fake.url, AGENT_CHAT_SECRET: SECRET, LOCK_MS: String(LOCK_MS) },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const instance = { url: '', child, exited };
  instances.push(instance);
  instance.url = await bounded(
    new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`an instance exited (${code}) before it printed its URL`)));
    }),
    'an instance to start',
    // Only a hang: three instances starting at once (each loading the server's source through tsx) took 27 s at a
    // load average of 14 on two cores.
    120_000,
  );
  return instance;
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 5_000);
  await instance.exited;
  clearTimeout(timer);
}


const read = (response: Response, what: string, onEvent?: (event: ReceivedEvent) => void) => bounded(readAgentEvents(response, onEvent), what);
const textOf = (events: ReceivedEvent[]) => events.flatMap((e) => (e.data.type === 'text_delta' ? [e.data.text] : [])).join('');
const doneOf = (events: ReceivedEvent[]) => events.at(-1)!.data as { type: string; stopReason: string };

async function waitUntilIdle(client: AgentClient, sessionId: string): Promise<SessionResponse> {
  return bounded(
    (async () => {
      for (;;) {
        const history = await client.history(sessionId);
        if (!history.running) return history;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })(),
    `session ${sessionId} to be idle`,
  );
}

/** Every tool call of a history has its result, and no text turn is empty: what the next request needs. */
function expectValidHistory(turns: readonly Turn[]) {
  const calls = turns.flatMap((turn) => (turn.type === 'tool_call' ? [turn.toolCallId] : []));
  const results = turns.flatMap((turn) => (turn.type === 'tool_result' ? [turn.toolCallId] : []));
  expect(results.sort()).toEqual(calls.sort());
  expect(turns.some((turn) => (turn.type === 'assistant_text' || turn.type === 'thinking') && !turn.text)).toBe(false);
}

describe.skipIf(skip)('instances sharing one Redis', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    fake = await startFakeAnthropic({ replies: reply });
    const [first, second, third] = await Promise.all([startInstance(), startInstance(), startInstance()]);
    // One browser (one cookie jar, so one anonymous principal) talking to every instance.
    const jar = new Map<string, string>();
    a = agentClient(first!.url, { cookies: jar });
    b = agentClient(second!.url, { cookies: jar });
    c = agentClient(third!.url, { cookies: jar });
    cInstance = third!;
    // The first request sets the principal's cookie, signed with the shared secret, so every instance accepts it.
    await bounded(a.request('/tools'), 'the first request');
    expect(jar.size).toBe(1);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await fake?.close();
    await redis?.stop();
  }, 20_000);

  it('a conversation whose messages alternate between instances keeps one history', async () => {
    const sessionId = 'alternate';
    let lastEventId = 0;
    for (let turn = 1; turn <= 6; turn++) {
      const [here, other] = turn % 2 === 1 ? [a, b] : [b, a];
      const events = await read(await here.send(sessionId, { text: `say ${turn}` }), `turn ${turn}`);
      expect(doneOf(events)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
      expect(textOf(events)).toBe(`Answer to say ${turn}.`);

      // The model was sent the whole conversation so far, whichever instance held each turn.
      const sent = fake.requests.at(-1)!['messages'] as { role: string; content: unknown }[];
      expect(sent.map((message) => message.role)).toEqual(Array.from({ length: 2 * turn - 1 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant')));

      // And the other instance reads the same history, turn for turn.
      const history = await other.history(sessionId);
      expect(history.running).toBe(false);
      expect(history.turns.map((t) => (t.type === 'user' || t.type === 'assistant_text' ? `${t.type}: ${t.text}` : t.type))).toEqual(
        Array.from({ length: turn }, (_, i) => [`user: say ${i + 1}`, `assistant_text: Answer to say ${i + 1}.`]).flat(),
      );
      // Event ids go on from where the other instance left them.
      expect(events[0]!.id).toBe(lastEventId + 1);
      expect(history.lastEventId).toBe(events.at(-1)!.id);
      lastEventId = history.lastEventId;
    }
  }, 30_000);

  it('simultaneous messages to one session from two instances give one run and one 409, and lose no turn (20 times)', async () => {
    const sessionId = 'race';
    const expected: string[] = [];
    for (let round = 1; round <= 20; round++) {
      let answered!: () => void;
      raceAnswered = new Promise((resolve) => (answered = resolve));
      const [fromA, fromB] = await bounded(
        Promise.all([a.send(sessionId, { text: `race ${round} on A` }), b.send(sessionId, { text: `race ${round} on B` })]),
        `round ${round}: both answers`,
      );
      answered();
      expect([fromA.status, fromB.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [winner, loser, on] = fromA.status === 200 ? [fromA, fromB, 'A'] : [fromB, fromA, 'B'];
      expect(await loser.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/already in progress/) } });
      const events = await read(winner, `round ${round}: the winner's run`);
      expect(doneOf(events)).toMatchObject({ stopReason: 'end_turn' });
      expected.push(`user: race ${round} on ${on}`, `assistant_text: Answer to race ${round} on ${on}.`);

      // Both instances see every turn so far, in order: none was lost or written twice.
      for (const client of [a, b]) {
        const history = await client.history(sessionId);
        expect(history.turns.map((t) => (t.type === 'user' || t.type === 'assistant_text' ? `${t.type}: ${t.text}` : t.type)), `round ${round}`).toEqual(expected);
      }
    }
  }, 45_000);

  it('a run on A is stopped by a cancel sent to B, and the next request is accepted by the Messages API', async () => {
    const sessionId = 'stop-from-b';
    const cancelledBefore = fake.streamsCancelled;
    let cancel: Promise<Response> | undefined;
    const events = await read(await a.send(sessionId, { text: 'long' }), 'the run on A', (event) => {
      if (!cancel && event.data.type === 'text_delta') cancel = b.cancel(sessionId);
    });
    expect(await (await cancel!).json()).toEqual({ cancelled: true });
    expect(doneOf(events)).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    // A closed its model stream: the fake saw the client hang up mid-reply (it notices the socket close a moment
    // after A has sent its done: failed once in a clean-clone run when read at once).
    await expect.poll(() => fake.streamsCancelled, { timeout: WAIT_MS }).toBe(cancelledBefore + 1);

    const history = await b.history(sessionId);
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled' });
    const partial = history.turns.find((turn) => turn.type === 'assistant_text');
    expect(partial && 'text' in partial ? partial.text.length : 0).toBeLessThan(LONG.length);
    expectValidHistory(history.turns);

    const requests = fake.requests.length;
    const next = await read(await b.send(sessionId, { text: 'say carry on' }), 'the next message');
    // The fake answers an invalid request with a 400, which would end the run with an error.
    expect(fake.requests.length).toBe(requests + 1);
    expect(doneOf(next)).toMatchObject({ stopReason: 'end_turn' });
    expect(textOf(next)).toBe('Answer to say carry on.');
  });

  it('one sub-agent of a run on A is stopped by a cancel with its call sent to B; the other and the agent go on (issue 34)', async () => {
    const sessionId = 'branch-stop-from-b';
    let cancel: Promise<Response> | undefined;
    let stopped: string | undefined;
    const events = await read(await a.send(sessionId, { text: 'branches' }), 'the run on A', (event) => {
      // The first branch to start its work is stopped, from the other instance, while its tool runs.
      if (!cancel && event.data.type === 'tool_call' && event.data.name === 'work' && event.data.parentCallId) {
        stopped = event.data.parentCallId;
        cancel = b.cancel(sessionId, { toolCallId: stopped });
      }
    });
    expect(await (await cancel!).json()).toEqual({ cancelled: true });
    expect(doneOf(events)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const results = events.flatMap((event) => (event.data.type === 'tool_result' && event.data.name === 'investigate' ? [event.data] : []));
    expect(results.map((result) => [result.toolCallId === stopped, result.stopped ?? false])).toEqual(expect.arrayContaining([[true, true], [false, false]]));
    // The agent answered once both results were in (the fake validated its request's history).
    expect(events.flatMap((event) => (event.data.type === 'text_delta' && !event.data.parentCallId ? [event.data.text] : [])).join('')).toBe('Done.');
    expectValidHistory((await b.history(sessionId)).turns);
  });

  it('a client dropped mid-run reconnects to the other instance with its last id and gets exactly the missing events', async () => {
    const sessionId = 'drop-and-resume';
    const first = await bounded(readThenDrop(await a.send(sessionId, { text: 'long' }), 12), 'the first events of a run');
    expect(first[0]!.data.type).toBe('run_started');
    const lastId = first.at(-1)!.id;

    const response = await b.request(`/sessions/${sessionId}/stream`, { headers: { 'last-event-id': String(lastId) } });
    expect(response.status).toBe(200);
    const resumed = await read(response, 'the resumed stream on B');
    expect(resumed[0]!.id).toBe(lastId + 1);
    const ids = [...first, ...resumed].map((event) => event.id);
    // Every id once, in order, from run_started to done.
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i));
    expect(doneOf(resumed)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(textOf([...first, ...resumed])).toBe(LONG);

    // Nobody stopped the run: its whole reply is kept, with no cancelled status.
    const history = await waitUntilIdle(a, sessionId);
    expect(history.turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text']);
    expect(history.turns[1]).toMatchObject({ text: LONG });
  });

  it('an approval answered on A and again on B is taken once: the other answer gets 409 and sees it was answered', async () => {
    const sessionId = 'approve-once';
    const events = await read(await a.send(sessionId, { text: 'note' }), 'the run that asks for approval');
    expect(doneOf(events)).toMatchObject({ stopReason: 'awaiting_input' });
    const asked = events.find((event) => event.data.type === 'awaiting_input')!.data as { calls: { toolCallId: string }[] };
    const toolCallId = asked.calls[0]!.toolCallId;
    // A second tab on B sees the card waiting.
    expect((await b.history(sessionId)).pending.map((call) => call.toolCallId)).toEqual([toolCallId]);

    const [onA, onB] = await bounded(
      Promise.all([
        a.resumeRaw(sessionId, { decisions: [{ toolCallId, action: 'approve' }] }),
        b.resumeRaw(sessionId, { decisions: [{ toolCallId, action: 'deny' }] }),
      ]),
      'both answers',
    );
    expect([onA.status, onB.status].sort()).toEqual([200, 409]);
    const [winner, loser, decision] = onA.status === 200 ? [onA, onB, 'approve'] : [onB, onA, 'deny'];
    expect(await loser.json()).toMatchObject({ error: { code: 'conflict' } });
    expect(doneOf(await read(winner, "the winner's run"))).toMatchObject({ stopReason: 'end_turn' });

    // Once the first answer's run is over, any other answer, on either instance, is told it was answered.
    for (const client of [a, b]) {
      const late = await client.resumeRaw(sessionId, { decisions: [{ toolCallId, action: 'approve' }] });
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/answered already/) } });
    }
    const history = await b.history(sessionId);
    expect(history.pending).toEqual([]);
    const results = history.turns.filter((turn) => turn.type === 'tool_result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject(decision === 'approve' ? { isError: false, output: { added: 'remember' } } : { isError: true });
  });

  it('a tab on B showing a pending approval waits for the next run, and sees the answer given on A', async () => {
    const sessionId = 'wait-on-b';
    const asked = await read(await a.send(sessionId, { text: 'note' }), 'the run that asks for approval');
    const toolCallId = (asked.find((event) => event.data.type === 'awaiting_input')!.data as { calls: { toolCallId: string }[] }).calls[0]!.toolCallId;
    const tab2 = agentClient(instances[1]!.url, { cookies: a.cookies });
    const { lastEventId } = await tab2.history(sessionId);
    const waiting = await tab2.request(`/sessions/${sessionId}/stream?after=${lastEventId}&wait=1`);
    expect(waiting.status).toBe(200);
    const tab2Events = read(waiting, 'the waiting tab on B');
    // Answered on A a moment later, while B's stream has nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answered = await read(await a.resumeRaw(sessionId, { decisions: [{ toolCallId, action: 'approve' }] }), 'the answer on A');
    const seen = await tab2Events;
    expect(seen.map((event) => [event.id, event.data])).toEqual(answered.map((event) => [event.id, event.data]));
    expect(seen[0]!.id).toBe(lastEventId + 1);
    expect(seen.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: false });
  });

  it('a second client attached to B follows a run started on A live, to done', async () => {
    const sessionId = 'follow-from-b';
    // Two tabs of the same browser, one on each instance.
    const tab1 = agentClient(instances[0]!.url, { cookies: a.cookies });
    const tab2 = agentClient(instances[1]!.url, { cookies: a.cookies });
    const tab1Events = read(await tab1.send(sessionId, { text: 'long' }), 'the run on A');

    // The second tab loads the history while the run streams, then follows from where that history stands.
    const history = await bounded(
      (async () => {
        for (;;) {
          const loaded = await tab2.history(sessionId);
          if (loaded.running) return loaded;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })(),
      'the run to be seen from B',
    );
    const response = await tab2.request(`/sessions/${sessionId}/stream?after=${history.lastEventId}`);
    expect(response.status).toBe(200);
    const tab2Events = await read(response, 'the follower on B');
    const all = await tab1Events;

    expect(doneOf(tab2Events)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(tab2Events[0]!.id).toBe(history.lastEventId + 1);
    // What the follower saw is the tail of what the first client saw, event for event, with text still streaming.
    expect(tab2Events.map((e) => [e.id, e.data])).toEqual(all.slice(-tab2Events.length).map((e) => [e.id, e.data]));
    expect(tab2Events.some((event) => event.data.type === 'text_delta')).toBe(true);
    expect(textOf(all)).toBe(LONG);
  });

  it('kill -9 of an instance mid-run: its lock expires, and the session goes on from another instance with a valid history', async () => {
    const sessionId = 'killed';
    const abort = new AbortController();
    const response = await c.send(sessionId, { text: 'work' });
    // Killed while its tool runs: the call is stored, its result never will be.
    await bounded(
      readAgentEvents(response, (event) => {
        if (event.data.type === 'status' && !abort.signal.aborted) {
          cInstance.child.kill('SIGKILL');
          abort.abort();
        }
      }, abort.signal).catch(() => undefined),
      'the tool to start on C',
    );
    await bounded(cInstance.exited, 'C to exit');
    expect(cInstance.child.signalCode).toBe('SIGKILL');

    // The dead instance still holds the session until its lock expires (LOCK_MS after its last renewal)…
    const during = await b.history(sessionId);
    expect(during.running).toBe(true);
    const refused = await b.send(sessionId, { text: 'say too early' });
    expect(refused.status).toBe(409);
    await refused.body?.cancel();
    // …then it is free, without anyone releasing it.
    const after = await waitUntilIdle(b, sessionId);
    expect(after.turns.filter((turn) => turn.type === 'tool_call')).toHaveLength(1);

    const requests = fake.requests.length;
    const next = await read(await b.send(sessionId, { text: 'say after the crash' }), 'the next message on B');
    expect(fake.requests.length).toBe(requests + 1);
    expect(doneOf(next)).toMatchObject({ stopReason: 'end_turn' });
    // The next run's events come after the dead run's, so a client resuming with an old id is not confused.
    expect(next[0]!.id).toBeGreaterThan(during.lastEventId);

    // The call the dead instance never finished was answered, so the history is valid for any next request.
    const history = await a.history(sessionId);
    expectValidHistory(history.turns);
    expect(history.turns.find((turn) => turn.type === 'tool_result')).toMatchObject({ isError: true });
    expect(history.turns.at(-1)).toMatchObject({ type: 'assistant_text', text: 'Answer to say after the crash.' });
  });
});
