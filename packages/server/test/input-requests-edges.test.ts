// Input requests at the edges of their run (review of issue 35.2): Stop that lands while the request is being
// committed, and a call that asks after its run has ended. Each would leave a tool call waiting (for the app's
// inputRequestTimeoutMs, or for ever); the tests wait for the answers, not for time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InputAnswer } from '@agent-chat/protocol';
import { createAgentChat, defineTool, memoryStore, scriptedModel, type SessionStore } from '../src/index.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { askTool, watchRun } from './support/input-request-run.js';

const model = scriptedModel(({ text }) => {
  if (text === 'ask') return [[{ tool: 'ask_user', input: {} }], [{ text: 'Done.' }]];
  if (text === 'ask late') return [[{ tool: 'ask_late', input: {} }], [{ text: 'Done.' }]];
  return [[{ text: `Answer to ${text}.` }]];
});

/** A tool whose own time (20 ms) is up before it asks: the run goes on without it, and ends, before it asks. */
let letAsk!: () => void;
const mayAsk = new Promise<void>((resolve) => (letAsk = resolve));
let lateAnswer: Promise<InputAnswer> | undefined;
let lateAsked!: () => void;
const asked = new Promise<void>((resolve) => (lateAsked = resolve));
const askLate = defineTool({
  name: 'ask_late',
  description: 'Ask after a while',
  input: z.object({}),
  timeoutMs: 20,
  execute: async (_input, ctx) => {
    await mayAsk;
    lateAnswer = ctx.requestInput({ kind: 'url', message: 'Sign in there', url: 'https://example.com/sign-in' });
    lateAsked();
    return { answer: await lateAnswer };
  },
});

/** Stop, sent while the store writes a session that holds an open request (armed for one session id). */
let stopDuring: string | undefined;
let client: AgentClient;
let server: RunningServer;

function stoppingStore(inner: SessionStore): SessionStore {
  return {
    ...inner,
    load: (ref) => inner.load(ref),
    delete: (ref) => inner.delete(ref),
    ...(inner.hold ? { hold: (ref) => inner.hold!(ref) } : {}),
    ...(inner.listByOwner ? { listByOwner: (owner, page) => inner.listByOwner!(owner, page) } : {}),
    async write(ref, version, write) {
      const open = write.set?.inputRequests?.some((request) => !request.answer);
      if (open && stopDuring === ref.id) {
        stopDuring = undefined;
        const stopped = await client.cancel(ref.id);
        if (stopped.status !== 200) throw new Error(`Stop answered ${stopped.status}`);
      }
      return inner.write(ref, version, write);
    },
  };
}

beforeAll(async () => {
  // The app's wait is long: a request the Stop missed would hold its run for ten minutes.
  server = await serveApp(createAgentChat({ model, store: stoppingStore(memoryStore()), tools: [askTool, askLate], inputRequestTimeoutMs: 600_000,
    authorize: () => 'ann' }));
  client = agentClient(server.url);
});

afterAll(async () => {
  letAsk?.();
  await server?.close();
});

describe('input requests at the edges of their run', () => {
  it('Stop that lands while the request is committed still answers it (by: stopped), and the run ends', async () => {
    stopDuring = 'stop-while-saving';
    const run = watchRun(client, 'stop-while-saving', 'ask');
    const answered = await run.next('input_answered');
    expect(answered).toMatchObject({ answer: { action: 'cancel', by: 'stopped' } });
    const events = await run.done;
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect((await client.history('stop-while-saving')).inputRequests![0]!.answer).toEqual({ action: 'cancel', by: 'stopped' });
  });

  it('a call that asks after its run ended is answered cancel (by: ended) at once, and nothing is stored', async () => {
    const events = await client.run('asked-late', { text: 'ask late' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done' });
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: true });
    letAsk();
    await asked;
    expect(await lateAnswer).toEqual({ action: 'cancel', by: 'ended' });
    expect((await client.history('asked-late')).inputRequests).toBeUndefined();
  });
});
