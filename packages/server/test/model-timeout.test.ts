import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ErrorEvent, SessionResponse, Turn } from '@agent-chat/protocol';
import { anthropicModel, createAgentChat, defineTool, openAICompatibleModel, scriptedModel, type Model } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type FakeReply } from '../src/testing/fake-anthropic.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { startFakeOpenAI } from './support/fake-openai.js';

// A model that goes quiet mid-reply must end the run with `model_timeout` (issue #16 §5), leave a history the
// provider accepts, and let the next message through. The upstreams are local fakes over real HTTP, reached
// through the real SDK (Anthropic) and the real adapter (OpenAI-compatible).

/**
 * Long enough that a machine as busy as CI's (load average 20) never leaves a live stream quiet this long between
 * two of the fake's events: at 300 ms a clean-clone run timed a live stream out before its text arrived.
 */
const IDLE_MS = 2_000;
/** A generous bound: the run must end, not hang until Stop. The exact time is not asserted. */
const ENDS_WITHIN_MS = 15_000;

const lookup = defineTool({
  name: 'lookup',
  description: 'Look a word up',
  input: z.object({ word: z.string() }),
  execute: ({ word }) => ({ word, meaning: 'a thing' }),
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function agentOn(model: Model) {
  const server: RunningServer = await serveApp(
    createAgentChat({ model, tools: [lookup], modelIdleTimeoutMs: IDLE_MS, authorize: () => 'timeout-tester' }),
  );
  closers.push(() => server.close());
  return agentClient(server.url);
}

async function anthropicAgent(replies: FakeReply[]): Promise<{ fake: FakeAnthropic; client: ReturnType<typeof agentClient> }> {
  const fake = await startFakeAnthropic({ replies });
  closers.push(() => fake.close());
  const client = await agentOn(anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL }));
  return { fake, client };
}

async function timedRun(client: ReturnType<typeof agentClient>, sessionId: string, text: string) {
  const started = Date.now();
  const events = await client.run(sessionId, { text });
  return { events, elapsed: Date.now() - started };
}

function expectTimedOut(events: ReceivedEvent[], elapsed: number): void {
  const types = events.map((event) => event.data.type);
  expect(types.at(-2)).toBe('error');
  expect(events.at(-2)!.data).toMatchObject({ type: 'error', code: 'model_timeout' });
  expect((events.at(-2)!.data as ErrorEvent).message).toMatch(/sent nothing/);
  expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'error' });
  expect(elapsed).toBeLessThan(ENDS_WITHIN_MS);
}

const textOf = (events: ReceivedEvent[]) =>
  events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : [])).join('');
const kinds = (turns: readonly Turn[]) => turns.map((turn) => turn.type);

// Each stall costs IDLE_MS, some tests two of them: room for that on a busy machine.
describe('a model that stops sending (Anthropic, through @anthropic-ai/sdk)', { timeout: 60_000 }, () => {
  it('ends the run with model_timeout, keeps the partial text, and accepts the next message', async () => {
    const { fake, client } = await anthropicAgent([
      // message_start, content_block_start, ping, one text delta: then silence, with the socket open.
      { content: [{ type: 'text', text: 'Partial answer before silence' }], chunkSize: 100, stallAfterEvents: 4 },
      { content: [{ type: 'text', text: 'Back again.' }] },
    ]);

    const { events, elapsed } = await timedRun(client, 'stall-text', 'Tell me something');

    expectTimedOut(events, elapsed);
    expect(textOf(events)).toBe('Partial answer before silence');
    const history = await client.history('stall-text');
    expect(kinds(history.turns)).toEqual(['user', 'assistant_text', 'error']);
    expect(history.turns[1]).toMatchObject({ text: 'Partial answer before silence' });
    expect(history.turns[2]).toMatchObject({ code: 'model_timeout' });
    expect(history.running).toBe(false);
    // The abandoned request was hung up on, not left open.
    await vi.waitFor(() => expect(fake.streamsCancelled).toBe(1));

    const next = await client.run('stall-text', { text: 'Are you there?' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(textOf(next)).toBe('Back again.');
    // The validating fake accepted it (a 400 would have ended the run with an error); the partial text went back.
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1]!['messages'])).toContain('Partial answer before silence');
  });

  it('answers a tool call left without a result with an error result, and the next request is valid', async () => {
    const { fake, client } = await anthropicAgent([
      {
        content: [
          { type: 'text', text: 'Let me look that up.' },
          { type: 'tool_use', id: 'toolu_stalled_01', name: 'lookup', input: { word: 'quiet' } },
        ],
        // Both blocks whole (the call is complete), then no message_delta, no message_stop: nothing.
        stallAfterContent: true,
      },
      { content: [{ type: 'text', text: 'I could not look it up.' }] },
    ]);

    const { events, elapsed } = await timedRun(client, 'stall-tool', 'What does quiet mean?');

    expectTimedOut(events, elapsed);
    expect(events.find((event) => event.data.type === 'tool_call')!.data).toMatchObject({ toolCallId: 'toolu_stalled_01', name: 'lookup' });
    const result = events.find((event) => event.data.type === 'tool_result')!.data;
    expect(result).toMatchObject({ toolCallId: 'toolu_stalled_01', isError: true });
    const history = await client.history('stall-tool');
    expect(kinds(history.turns)).toEqual(['user', 'assistant_text', 'tool_call', 'tool_result', 'error']);
    expect(history.turns[3]).toMatchObject({ type: 'tool_result', toolCallId: 'toolu_stalled_01', isError: true });
    expect(history.pending).toEqual([]);

    const next = await client.run('stall-tool', { text: 'Try again?' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // The call went back with its error result, so the API saw a paired tool_use / tool_result.
    const sent = JSON.stringify(fake.requests[1]!['messages']);
    expect(sent).toContain('"tool_use_id":"toolu_stalled_01"');
    expect(sent).toContain('"is_error":true');
  });

  it('ends the run when the model goes quiet mid-way through a tool call\'s input, which is then dropped', async () => {
    const { fake, client } = await anthropicAgent([
      {
        content: [{ type: 'tool_use', id: 'toolu_cut_01', name: 'lookup', input: { word: 'a rather long word to stream' } }],
        chunkSize: 6,
        // message_start, content_block_start, ping, the empty first input delta, two pieces of the input.
        stallAfterEvents: 6,
      },
      { content: [{ type: 'text', text: 'Fine now.' }] },
    ]);

    const { events, elapsed } = await timedRun(client, 'stall-input', 'Look it up');

    expectTimedOut(events, elapsed);
    // Half an input never becomes a call: nothing ran, and nothing is left to answer.
    expect(events.some((event) => event.data.type === 'tool_call')).toBe(false);
    expect(kinds((await client.history('stall-input')).turns)).toEqual(['user', 'error']);

    const next = await client.run('stall-input', { text: 'And now?' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(fake.requests).toHaveLength(2);
  });

  it('ends the run when the model goes quiet before its first event, and the next message is accepted', async () => {
    const { fake, client } = await anthropicAgent([
      { content: [{ type: 'text', text: 'never sent' }], stallAfterEvents: 0 },
      { content: [{ type: 'text', text: 'Here I am.' }] },
    ]);

    const { events, elapsed } = await timedRun(client, 'stall-start', 'Hello?');

    expectTimedOut(events, elapsed);
    expect(textOf(events)).toBe('');
    expect(kinds((await client.history('stall-start')).turns)).toEqual(['user', 'error']);

    // Two user messages in a row: the adapter must merge them for the API to accept the request.
    const next = await client.run('stall-start', { text: 'Hello again?' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(textOf(next)).toBe('Here I am.');
    expect(fake.requests).toHaveLength(2);
  });

  it('times out each quiet step of a run on its own: a tool round first, then silence', async () => {
    const { fake, client } = await anthropicAgent([
      { content: [{ type: 'tool_use', id: 'toolu_ok_01', name: 'lookup', input: { word: 'calm' } }] },
      { content: [{ type: 'text', text: 'Calm means' }], chunkSize: 100, stallAfterEvents: 4 },
      { content: [{ type: 'text', text: 'Still here.' }] },
    ]);

    const { events, elapsed } = await timedRun(client, 'stall-second', 'Define calm');

    expectTimedOut(events, elapsed);
    const history: SessionResponse = await client.history('stall-second');
    expect(kinds(history.turns)).toEqual(['user', 'tool_call', 'tool_result', 'assistant_text', 'error']);
    expect(history.turns[2]).toMatchObject({ isError: false });
    expect(history.turns[3]).toMatchObject({ text: 'Calm means' });

    const next = await client.run('stall-second', { text: 'Go on' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(fake.requests).toHaveLength(3);
  });
});

describe('a model that stops sending (OpenAI-compatible)', { timeout: 60_000 }, () => {
  it('ends the run with model_timeout, keeps the partial text, and accepts the next message', async () => {
    const fake = await startFakeOpenAI({
      replies: [{ text: 'First words, then silence', hold: true }, { text: 'Awake again.' }],
    });
    closers.push(() => fake.close());
    const client = await agentOn(openAICompatibleModel({ model: 'local-model', baseURL: fake.baseURL }));

    const { events, elapsed } = await timedRun(client, 'stall-openai', 'Say something');

    expectTimedOut(events, elapsed);
    expect(textOf(events)).toBe('First words, then silence');
    const history = await client.history('stall-openai');
    expect(kinds(history.turns)).toEqual(['user', 'assistant_text', 'error']);
    await vi.waitFor(() => expect(fake.streamsCancelled).toBe(1));

    // The fake validates requests by default: the partial assistant text went back as a valid message.
    const next = await client.run('stall-openai', { text: 'Still there?' });
    expect(next.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(textOf(next)).toBe('Awake again.');
    expect(JSON.stringify(fake.requests[1]!.body['messages'])).toContain('First words, then silence');
  });
});

describe('the stalling fake', () => {
  it('holds the socket open after the events it was told to send, and closes it when the fake is closed', async () => {
    const fake = await startFakeAnthropic({ replies: [{ content: [{ type: 'text', text: 'hello' }], chunkSize: 100, stallAfterEvents: 2 }] });
    let closedFake = false;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(`${fake.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': FAKE_ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
      });
      request.on('response', resolve).on('error', reject);
      request.end(JSON.stringify({ model: 'claude-test', max_tokens: 10, stream: true, messages: [{ role: 'user', content: 'Hi' }] }));
    });
    response.setEncoding('utf8');
    let body = '';
    const ended = new Promise<boolean>((resolve) => {
      response.on('close', () => resolve(closedFake));
      response.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.includes('event: content_block_start')) resolve();
      });
    });
    // Give a premature end every chance to show before the fake is closed.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(response.complete).toBe(false);
    closedFake = true;
    await fake.close();

    // The response ended only because the fake was closed, after exactly the events it was told to send.
    expect(await ended).toBe(true);
    expect(response.complete).toBe(false);
    expect(body.match(/^event: /gm)).toHaveLength(2);
    expect(body).not.toContain('content_block_delta');
  });
});

describe('modelIdleTimeoutMs', () => {
  it('refuses a value that is not a whole number of ms ≥ 1, at createAgentChat', () => {
    const model = scriptedModel([[{ text: 'ok' }]]);
    const authorize = () => 'someone';
    for (const modelIdleTimeoutMs of [0, -1, 1.5, Number.NaN]) {
      expect(() => createAgentChat({ model, authorize, modelIdleTimeoutMs })).toThrow(TypeError);
      expect(() => createAgentChat({ model, authorize, modelIdleTimeoutMs })).toThrow(/modelIdleTimeoutMs/);
    }
    expect(() => createAgentChat({ model, authorize, modelIdleTimeoutMs: 1 })).not.toThrow();
  });
});
