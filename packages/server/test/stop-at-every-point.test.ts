import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineTool, memoryStore, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { sameBrowser } from './support/same-browser.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// A scripted three-step run: thinking, text and a tool; text and two tools; a final answer.
const threeSteps = scriptedModel(
  [
    // The pauses after tool calls let a Stop land between a call's arrival and the end of the model's response.
    [{ thinking: 'Plan: three steps.' }, { text: 'Step one.' }, { tool: 'work', input: { n: 1 } }, { delayMs: 10 }],
    [{ text: 'Step two.' }, { tool: 'work', input: { n: 2 } }, { delayMs: 10 }, { tool: 'work', input: { n: 3 } }, { delayMs: 10 }],
    [{ text: 'All done.' }],
  ],
  { chunkSize: 4, delayMs: 2 },
);
/**
 * Sessions whose tools wait for the test to let them finish: a test that stops a run while a tool runs opens the gate
 * once its Stop has been answered, so the Stop lands mid-tool however slow the machine.
 */
const gates = new Map<string, Promise<void>>();
const work = defineTool({
  name: 'work',
  description: 'Do a unit of work (slowly enough that a Stop can land while it runs)',
  input: z.object({ n: z.number() }),
  execute: async ({ n }, { sessionId, status }) => {
    status(`Working on unit ${n}`);
    // Elsewhere a pause, so that many of the stops at every point land while a tool runs (not asserted: late ones
    // race the run's own end).
    await (gates.get(sessionId) ?? new Promise((resolve) => setTimeout(resolve, 60)));
    return `unit ${n} done`;
  },
});

let fake: FakeAnthropic;
let scripted: RunningServer;
let claude: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Accepted.' }], stopReason: 'end_turn' }) });
  // Two agents over one store: the scripted one plays the run, the Anthropic one sends the next message. They sign
  // anonymous principals with one key, and the test is one browser talking to both.
  const store = memoryStore();
  const secret = 'stop-test-secret-0123456789abcdef01234';
  scripted = await serveApp(createAgentChat({ model: threeSteps, tools: [work], store, secret }));
  claude = await serveApp(
    createAgentChat({
      model: anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.url }),
      tools: [work],
      store,
      secret,
    }),
  );
});
afterAll(async () => {
  await scripted?.close();
  await claude?.close();
  await fake?.close();
});

async function waitUntilIdle(sessionId: string) {
  for (let i = 0; i < 200; i++) {
    if (!(await sameBrowser(scripted.url).history(sessionId)).running) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`session ${sessionId} never stopped`);
}

/** Play the run, stopping it when event number `stopAt` arrives, by POST /cancel or by dropping the stream. */
async function stopAt(sessionId: string, stopAt: number, how: 'cancel' | 'disconnect') {
  const abort = new AbortController();
  const response = await sameBrowser(scripted.url).send(sessionId, { text: 'Do the three steps.' }, { signal: abort.signal });
  let seen = 0;
  const events = await readAgentEvents(response, () => {
    if (++seen !== stopAt) return;
    if (how === 'cancel') void sameBrowser(scripted.url).cancel(sessionId);
    else abort.abort();
  }, abort.signal).catch(() => undefined);
  await waitUntilIdle(sessionId);
  return events;
}

describe('Stop at every point of a three-step run', () => {
  it('leaves a history the Messages API accepts on the next request', async () => {
    const full = await sameBrowser(scripted.url).run('full', { text: 'Do the three steps.' });
    expect(full.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    expect(full.filter((e) => e.data.type === 'tool_result')).toHaveLength(3);

    const outcomes = new Set<string>();
    for (let point = 1; point < full.length; point++) {
      for (const how of ['cancel', 'disconnect'] as const) {
        const sessionId = `stop-${point}-${how}`;
        const events = await stopAt(sessionId, point, how);
        if (events && how === 'cancel') outcomes.add((events.at(-1)!.data as { stopReason: string }).stopReason);

        const history = await sameBrowser(scripted.url).history(sessionId);
        const calls = history.turns.filter((t) => t.type === 'tool_call').map((t) => (t as { toolCallId: string }).toolCallId);
        const results = history.turns.filter((t) => t.type === 'tool_result').map((t) => (t as { toolCallId: string }).toolCallId);
        expect(results.sort(), `${sessionId}: every call answered`).toEqual(calls.sort());
        expect(history.turns.some((t) => (t.type === 'assistant_text' || t.type === 'thinking') && !t.text), `${sessionId}: no empty turn`).toBe(false);

        const before = fake.requests.length;
        const next = await agentClient(claude.url, { cookies: sameBrowser(scripted.url).cookies }).run(sessionId, { text: 'Thanks, carry on.' });
        expect(fake.requests.length, `${sessionId}: the fake was called`).toBe(before + 1);
        expect(next.at(-1)!.data, `${sessionId}: the next message was accepted`).toMatchObject({ stopReason: 'end_turn' });
      }
    }
    // Stops early in the run are reported as cancelled (late ones race the run's own end).
    expect(outcomes).toContain('cancelled');
  }, 120_000);

  it('says cancelled, not error, and keeps what already ran', async () => {
    let open = () => {};
    gates.set('stop-mid-tool-2', new Promise<void>((resolve) => (open = resolve)));
    const response = await sameBrowser(scripted.url).send('stop-mid-tool-2', { text: 'go' });
    // The tool finishes once the Stop sent on its status has been answered (not after a time it may outlast).
    const seen = await readAgentEvents(response, (event) => {
      if (event.data.type === 'status') void sameBrowser(scripted.url).cancel('stop-mid-tool-2').finally(open);
    });
    expect(seen.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    // The tool that was running when Stop arrived finished: it is never interrupted.
    expect(seen.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ output: 'unit 1 done', isError: false });
    const history = await sameBrowser(scripted.url).history('stop-mid-tool-2');
    expect(history.turns.map((t) => t.type)).toEqual(['user', 'thinking', 'assistant_text', 'tool_call', 'status', 'tool_result', 'status']);
    // The stop itself is kept, so a reload still says so.
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled', text: 'Stopped by user' });
  });
});
