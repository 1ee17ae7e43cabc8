import type { MessagesSnapshotEvent, RunFinishedEvent, ToolCallResultEvent } from '@ag-ui/core';
import type { DoneEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, localRunCoordinator, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { readSse } from '../src/testing/read-sse.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';

// A tool that holds until the test lets it go, so a Stop lands while it runs without any timing.
let started: () => void = () => {};
let release: () => void = () => {};
function gate() {
  const running = new Promise<void>((resolve) => (started = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { running, released };
}
let current = gate();
const work = defineTool({
  name: 'work',
  description: 'Do some slow work',
  input: z.object({ n: z.number() }),
  execute: async ({ n }) => {
    started();
    await current.released;
    return `unit ${n} done`;
  },
});
const model = scriptedModel(({ text }) =>
  text.startsWith('work') ? [[{ text: 'Starting.' }, { tool: 'work', input: { n: 1 } }], [{ text: 'Never reached.' }]] : [[{ text: `You said: ${text}` }]],
);

// The run coordinator as it is, telling the test when a Stop reached it (the server sees a client go away
// a moment after the client left).
let stopped: () => void = () => {};
const runs = localRunCoordinator();
const coordinator = {
  ...runs,
  async requestCancel(sessionId: string, runId: string) {
    await runs.requestCancel(sessionId, runId);
    stopped();
  },
};

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(agUiApp({ model, tools: [work], coordinator }));
});
afterAll(() => server?.close());

const ours = () => agentClient(server.url, { headers: { authorization: 'Bearer alice' } });

/** Our own protocol's record of the thread's first run: its events replayed from the log, up to `done`. */
async function firstRunDone(threadId: string): Promise<DoneEvent> {
  const messages = await readSse(await ours().request(`/sessions/${threadId}/stream?after=0`));
  return JSON.parse(messages.find((m) => m.event === 'done')!.data) as DoneEvent;
}

describe('AG-UI endpoint: Stop', () => {
  it('the client aborting its request stops the run; the history stays valid and the next run works', async () => {
    current = gate();
    const stopReached = new Promise<void>((resolve) => (stopped = resolve));
    const agent = agUiAgent(server.url, 'abort');
    agent.addMessage({ id: 'abort-u1', role: 'user', content: 'work please' });
    const running = agent.runAgent();
    await current.running;
    agent.abortRun();
    await running;
    await stopReached;
    // The tool finishes what it was doing (a running tool is never cut off); the loop stops after it.
    release();
    expect(await firstRunDone('abort')).toMatchObject({ stopReason: 'cancelled' });

    const history = await ours().history('abort');
    expect(history.running).toBe(false);
    expect(history.pending).toEqual([]);
    expect(history.turns.map((t) => t.type)).toEqual(['user', 'assistant_text', 'tool_call', 'tool_result', 'status']);
    expect(history.turns.at(-1)).toMatchObject({ type: 'status', code: 'cancelled' });

    agent.addMessage({ id: 'abort-u2', role: 'user', content: 'hello again' });
    const next = await runAgUi(agent);
    expect(next.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
    // The snapshot is the stored history: the stopped turn, its call answered, then this one.
    const snapshot = ofType<MessagesSnapshotEvent>(next.events, 'MESSAGES_SNAPSHOT')[0]!.messages;
    expect(snapshot.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
    expect(snapshot.at(-1)).toMatchObject({ content: 'You said: hello again' });
    // The client left the aborted run with none of its messages; it now has them all (it appends the ones it lacked).
    expect(agent.messages.map((m) => m.id).sort()).toEqual(snapshot.map((m) => m.id).sort());
  });

  it('our cancel route ends the AG-UI run with the cancelled outcome', async () => {
    current = gate();
    const agent = agUiAgent(server.url, 'cancel-route');
    agent.addMessage({ id: 'cancel-u1', role: 'user', content: 'work please' });
    const run = runAgUi(agent);
    await current.running;
    expect(await (await ours().cancel('cancel-route')).json()).toEqual({ cancelled: true });
    release();
    const { events } = await run;
    expect(eventTypes(events).slice(-3)).toEqual(['TOOL_CALL_RESULT', 'MESSAGES_SNAPSHOT', 'RUN_FINISHED']);
    expect(ofType<ToolCallResultEvent>(events, 'TOOL_CALL_RESULT')[0]!.content).toBe('unit 1 done');
    const finished = events.at(-1) as RunFinishedEvent;
    expect(finished.outcome).toEqual({ type: 'cancelled' });
    expect(finished.result).toMatchObject({ stopReason: 'cancelled' });
    expect((await ours().history('cancel-route')).running).toBe(false);
  });
});
