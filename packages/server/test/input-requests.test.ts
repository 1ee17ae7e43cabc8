// Input requests (issue 35.2, the server core): a running tool call asks the user something with ctx.requestInput
// and waits; POST /sessions/:id/input-requests/:requestId answers it, checked against the form. A plain defineTool
// asks here, driven by the scripted model over real HTTP; the MCP handlers that ask through it are tested apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InputAnswer } from '@agent-chat/protocol';
import { createAgentChat, defineSubagent, defineTool, memoryStore, scriptedModel, sessionRef, type SessionStore } from '../src/index.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { answer, askTool, FORM, watch, watchRun } from './support/input-request-run.js';

/** The model: `ask` calls the asking tool (with the message's JSON after it as input), `delegate` a sub-agent that asks. */
const model = recordingModel(
  scriptedModel(({ text }) => {
    if (text === 'quick tool') return [[{ tool: 'quick_ask', input: {} }], [{ text: 'Done.' }]];
    if (text === 'ask and go') return [[{ tool: 'ask_and_go', input: {} }], [{ text: 'Done.' }]];
    if (text.startsWith('ask')) return [[{ tool: 'ask_user', input: JSON.parse(text.slice(3).trim() || '{}') }], [{ text: 'Done.' }]];
    if (text === 'delegate') return [[{ tool: 'helper', input: {} }], [{ text: 'The helper is done.' }]];
    return [[{ text: `Answer to ${text}.` }]];
  }),
);

const helper = defineSubagent({
  name: 'helper',
  description: 'A helper that asks the user',
  input: z.object({}),
  prompt: () => 'ask',
  system: 'You help.',
  tools: [askTool],
});

const VALID = { name: 'Ada', email: 'ada@example.com' };

/** A tool whose own time is short: waiting for the user is not its time. */
const quickAsk = defineTool({
  name: 'quick_ask',
  description: 'Ask quickly',
  input: z.object({}),
  timeoutMs: 20,
  execute: async (_input, ctx) => ({ answer: await ctx.requestInput({ kind: 'url', message: 'Sign in there', url: 'https://example.com/sign-in', server: 'Example' }) }),
});

/** A tool that asks and returns without waiting: its request outlives its run. */
let leftAnswer: Promise<InputAnswer> | undefined;
const askAndGo = defineTool({
  name: 'ask_and_go',
  description: 'Ask and go',
  input: z.object({}),
  execute: (_input, ctx) => {
    leftAnswer = ctx.requestInput({ kind: 'form', message: 'Later?', schema: FORM });
    return 'asked';
  },
});

let store: SessionStore;
let server: RunningServer;
let quick: RunningServer;
let client: AgentClient;

beforeAll(async () => {
  store = memoryStore();
  const options = {
    model,
    store,
    tools: [askTool, helper, quickAsk, askAndGo],
    prices: { sampler: { input: 1, output: 2 } },
    // Users by header, so a test can name the owner (and write a session for them): none is anonymous.
    authorize: (c: { req: { header(name: string): string | undefined } }) => c.req.header('x-user') ?? null,
  };
  server = await serveApp(createAgentChat(options));
  // The app's own wait, short: the timeout is answered, and the test waits for that answer, not for the time.
  quick = await serveApp(createAgentChat({ ...options, inputRequestTimeoutMs: 50 }));
  client = agentClient(server.url, { headers: { 'x-user': 'ann' } });
});

afterAll(async () => {
  await server?.close();
  await quick?.close();
});

describe('input requests', () => {
  it('an accepted form reaches the tool and the model; GET session lists it open, then answered', async () => {
    model.calls.length = 0;
    const run = watchRun(client, 'accept', 'ask');
    const request = await run.next('input_request');
    const call = await run.next('tool_call');
    expect(request).toMatchObject({ toolCallId: call.toolCallId, kind: 'form', server: 'Asking for details', message: 'Your details, please.', schema: FORM });
    expect(request.expiresAt).toBeGreaterThan(Date.now() + 500_000);
    expect('runId' in request).toBe(false);

    const open = await client.history('accept');
    expect(open.running).toBe(true);
    const { type: _type, ...listed } = request;
    expect(open.inputRequests).toEqual([listed]);

    const content = { ...VALID, age: 36, height: 1.7, agree: true, plan: 'pro', size: 'l', topics: ['news', 'tips'], born: '1990-02-28', at: '2026-01-31T09:30:00Z', site: 'https://example.com/a', code: 'ABC' };
    const response = await answer(client, 'accept', request.requestId, { action: 'accept', content });
    expect(response.status).toBe(200);
    const expected = { action: 'accept', content, by: 'user' };
    expect(await response.json()).toEqual({ request: { ...open.inputRequests![0], answer: expected } });

    const events = await run.done;
    expect(events.find((event) => event.data.type === 'input_answered')?.data).toEqual({ type: 'input_answered', requestId: request.requestId, toolCallId: call.toolCallId, answer: expected });
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: false, output: { answer: expected } });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(model.calls[1]!.turns.find((turn) => turn.type === 'tool_result')).toMatchObject({ output: { answer: expected } });

    const after = await client.history('accept');
    expect(after.inputRequests).toEqual([{ ...open.inputRequests![0], answer: expected }]);
    // Answered once: a second answer, even the same, is a 409.
    const again = await answer(client, 'accept', request.requestId, { action: 'decline' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/already answered/) } });
  });

  it('a 400 names the field for each kind of bad value; the request still waits, and a good answer is taken', async () => {
    const run = watchRun(client, 'bad', 'ask');
    const { requestId } = await run.next('input_request');
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ email: 'ada@example.com' }, 'content.name', /required/],
      [{ ...VALID, name: 'A' }, 'content.name', /at least 2 characters/],
      [{ ...VALID, name: 'Ada Lovelace!' }, 'content.name', /at most 10 characters/],
      [{ ...VALID, name: 5 }, 'content.name', /must be a string/],
      [{ ...VALID, email: 'ada' }, 'content.email', /email/],
      [{ ...VALID, site: 'not a uri' }, 'content.site', /URI/],
      [{ ...VALID, born: '2026-02-30' }, 'content.born', /date/],
      [{ ...VALID, at: '2026-01-31 09:30' }, 'content.at', /date and time/],
      [{ ...VALID, code: 'abc' }, 'content.code', /pattern/],
      [{ ...VALID, age: 3.5 }, 'content.age', /whole number/],
      [{ ...VALID, age: 200 }, 'content.age', /at most 150/],
      [{ ...VALID, height: '1.7' }, 'content.height', /must be a number/],
      [{ ...VALID, height: 0.1 }, 'content.height', /at least 0.5/],
      [{ ...VALID, agree: 'yes' }, 'content.agree', /true or false/],
      [{ ...VALID, plan: 'gold' }, 'content.plan', /one of the choices/],
      [{ ...VALID, size: 'm' }, 'content.size', /one of the choices/],
      [{ ...VALID, topics: 'news' }, 'content.topics', /list of choices/],
      [{ ...VALID, topics: ['weather'] }, 'content.topics', /"weather" is not one of the choices/],
      [{ ...VALID, topics: [] }, 'content.topics', /at least 1/],
      [{ ...VALID, topics: ['news', 'tips', 'news'] }, 'content.topics', /at most 2/],
      [{ ...VALID, colour: 'red' }, 'content.colour', /not a field of this form/],
    ];
    for (const [content, field, message] of bad) {
      const response = await answer(client, 'bad', requestId, { action: 'accept', content });
      expect(response.status, JSON.stringify(content)).toBe(400);
      expect(await response.json(), JSON.stringify(content)).toMatchObject({ error: { code: 'invalid_request', field, message: expect.stringMatching(message) } });
    }
    // Content with anything but accept, and an action there is not: the body's own fields.
    const declined = await answer(client, 'bad', requestId, { action: 'decline', content: VALID });
    expect(await declined.json()).toMatchObject({ error: { code: 'invalid_request', field: 'content' } });
    const unknown = await answer(client, 'bad', requestId, { action: 'maybe' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { field: 'action' } });

    expect((await client.history('bad')).inputRequests![0]!.answer).toBeUndefined();
    expect((await answer(client, 'bad', requestId, { action: 'accept', content: VALID })).status).toBe(200);
    const events = await run.done;
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ output: { answer: { action: 'accept', content: VALID, by: 'user' } } });
  });

  it('a decline reaches the tool as a decline, with no content', async () => {
    const run = watchRun(client, 'decline', 'ask');
    const { requestId } = await run.next('input_request');
    const response = await answer(client, 'decline', requestId, { action: 'decline' });
    expect(response.status).toBe(200);
    expect((await response.json()).request.answer).toEqual({ action: 'decline', by: 'user' });
    const events = await run.done;
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: false, output: { answer: { action: 'decline', by: 'user' } } });
  });

  it('another owner’s session, or a request the session does not have, is a 404; the request waits on', async () => {
    const run = watchRun(client, 'mine', 'ask');
    const { requestId } = await run.next('input_request');
    const stranger = agentClient(server.url, { headers: { 'x-user': 'bob' } });
    const theirs = await answer(stranger, 'mine', requestId, { action: 'accept', content: VALID });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: { code: 'not_found', field: 'sessionId' } });
    const none = await answer(client, 'mine', 'input_nothing', { action: 'cancel' });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: { code: 'not_found', field: 'requestId' } });
    expect((await answer(client, 'mine', requestId, { action: 'cancel' })).status).toBe(200);
    expect((await run.done).find((event) => event.data.type === 'input_answered')?.data).toMatchObject({ answer: { action: 'cancel', by: 'user' } });
  });

  it('Stop answers cancel for the user (by: stopped), and the run ends cancelled', async () => {
    const run = watchRun(client, 'stop', 'ask');
    const { requestId } = await run.next('input_request');
    expect((await client.cancel('stop')).status).toBe(200);
    const answered = await run.next('input_answered');
    expect(answered).toMatchObject({ requestId, answer: { action: 'cancel', by: 'stopped' } });
    const events = await run.done;
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ output: { answer: { action: 'cancel', by: 'stopped' } } });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect((await client.history('stop')).inputRequests![0]!.answer).toEqual({ action: 'cancel', by: 'stopped' });
    expect((await answer(client, 'stop', requestId, { action: 'accept', content: VALID })).status).toBe(409);
  });

  it('the timeout answers cancel (by: timeout): the app’s inputRequestTimeoutMs, or the request’s own', async () => {
    const quickClient = agentClient(quick.url, { headers: { 'x-user': 'ann' } });
    const run = watchRun(quickClient, 'timeout', 'ask');
    const request = await run.next('input_request');
    expect(request.expiresAt! - Date.now()).toBeLessThanOrEqual(50);
    const answered = await run.next('input_answered');
    expect(answered).toMatchObject({ requestId: request.requestId, answer: { action: 'cancel', by: 'timeout' } });
    expect((await run.done).at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect((await answer(quickClient, 'timeout', request.requestId, { action: 'decline' })).status).toBe(409);

    // On the patient app, a request that names its own short wait.
    const own = watchRun(client, 'own-timeout', 'ask {"timeoutMs": 30}');
    expect(await own.next('input_answered')).toMatchObject({ answer: { action: 'cancel', by: 'timeout' } });
    await own.done;
  });

  it('a second reader following GET /sessions/:id/stream sees the request and its answer', async () => {
    const run = watchRun(client, 'follow', 'ask');
    const request = await run.next('input_request');
    const follower = watch(async (onEvent) => readAgentEvents(await client.request('/sessions/follow/stream?after=0'), onEvent));
    expect(await follower.next('input_request')).toEqual(request);
    expect((await answer(client, 'follow', request.requestId, { action: 'accept', content: VALID })).status).toBe(200);
    expect(await follower.next('input_answered')).toMatchObject({ requestId: request.requestId, answer: { action: 'accept', by: 'user' } });
    const [mine, theirs] = await Promise.all([run.done, follower.done]);
    expect(theirs.map((event) => event.data)).toEqual(mine.map((event) => event.data));
  });

  it('a sub-agent’s tool that asks: the request and its answer carry the sub-agent’s call as parentCallId', async () => {
    const run = watchRun(client, 'nested', 'delegate');
    const helperCall = await run.next('tool_call', (event) => event.name === 'helper');
    const request = await run.next('input_request');
    expect(request).toMatchObject({ parentCallId: helperCall.toolCallId, server: 'Asking for details' });
    const askCall = await run.next('tool_call', (event) => event.name === 'ask_user');
    expect(request.toolCallId).toBe(askCall.toolCallId);
    expect((await answer(client, 'nested', request.requestId, { action: 'decline' })).status).toBe(200);
    expect(await run.next('input_answered')).toMatchObject({ parentCallId: helperCall.toolCallId, answer: { action: 'decline', by: 'user' } });
    const events = await run.done;
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect((await client.history('nested')).inputRequests).toMatchObject([{ parentCallId: helperCall.toolCallId, answer: { action: 'decline' } }]);
  });

  it('ctx.countUsage adds a tool’s own model tokens to the run’s usage, priced by the model it names', async () => {
    const run = watchRun(client, 'usage', 'ask {"tokens": 1000}');
    const { requestId } = await run.next('input_request');
    await answer(client, 'usage', requestId, { action: 'decline' });
    const done = (await run.done).at(-1)!.data;
    // 1000 tokens in at $1 and 1000 out at $2 per million; the scripted model counts none of its own.
    expect(done).toMatchObject({ type: 'done', usage: { inputTokens: 1000, outputTokens: 1000, cost: 0.003 } });
  });

  it('the tool’s own timeout does not run while it waits for the user', async () => {
    const run = watchRun(client, 'slow-user', 'quick tool');
    const request = await run.next('input_request');
    expect(request).toMatchObject({ kind: 'url', url: 'https://example.com/sign-in', server: 'Example' });
    // The user takes longer than the tool's 20 ms.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await answer(client, 'slow-user', request.requestId, { action: 'accept', content: VALID })).status).toBe(400);
    expect((await answer(client, 'slow-user', request.requestId, { action: 'accept' })).status).toBe(200);
    const events = await run.done;
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: false, output: { answer: { action: 'accept', by: 'user' } } });
  });

  it('a request still open when its run ends is answered cancel (by: ended), and a late answer is a 409', async () => {
    const events = await client.run('outlived', { text: 'ask and go' });
    const types = events.map((event) => event.data.type);
    expect(types.indexOf('input_answered')).toBeGreaterThan(types.indexOf('input_request'));
    expect(types.indexOf('input_answered')).toBeLessThan(types.indexOf('done'));
    const request = events.find((event) => event.data.type === 'input_request')!.data as { requestId: string };
    expect(await leftAnswer).toEqual({ action: 'cancel', by: 'ended' });
    expect((await client.history('outlived')).inputRequests![0]!.answer).toEqual({ action: 'cancel', by: 'ended' });
    const late = await answer(client, 'outlived', request.requestId, { action: 'decline' });
    expect(late.status).toBe(409);
  });

  it('a request left open by an instance that died: a POST says its run has ended (409) and closes it; so does the next run', async () => {
    const ref = await sessionRef('ann', 'crashed');
    const left = (requestId: string) => ({ requestId, toolCallId: 'call_gone', server: 'Gone', kind: 'form' as const, message: 'Still there?', schema: FORM, runId: 'run_dead' });
    await store.write(ref, 0, { append: [], set: { owner: 'ann', inputRequests: [left('input_a'), left('input_b')] } });

    const late = await answer(client, 'crashed', 'input_a', { action: 'accept', content: VALID });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: { code: 'conflict', message: expect.stringMatching(/no longer running/) } });
    expect((await client.history('crashed')).inputRequests).toMatchObject([{ requestId: 'input_a', answer: { action: 'cancel', by: 'ended' } }, { requestId: 'input_b' }]);
    expect((await client.history('crashed')).inputRequests![1]!.answer).toBeUndefined();

    const events = await client.run('crashed', { text: 'hello' });
    expect(events.filter((event) => event.data.type === 'input_answered').map((event) => event.data)).toEqual([
      { type: 'input_answered', requestId: 'input_b', toolCallId: 'call_gone', answer: { action: 'cancel', by: 'ended' } },
    ]);
    expect((await client.history('crashed')).inputRequests!.map((request) => request.answer)).toEqual([
      { action: 'cancel', by: 'ended' },
      { action: 'cancel', by: 'ended' },
    ]);
  });
});
