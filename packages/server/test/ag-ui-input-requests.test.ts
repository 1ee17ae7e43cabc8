// An input request over AG-UI (issue 35.2): a running call's question ends the AG-UI run with an interrupt while
// our run goes on waiting; the next AG-UI run answers it with `resume` and follows the same run to its end. Driven
// by the official @ag-ui/client (its verifier checks every stream's order) against our /ag-ui.
import type { RunFinishedEvent, ToolCallResultEvent } from '@ag-ui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';
import { FORM } from './support/input-request-run.js';

const askDetails = defineTool({
  name: 'ask_details',
  description: 'Ask the user for their details',
  label: 'Asking for details',
  input: z.object({}),
  timeoutMs: 120_000,
  execute: async (_input, ctx) => ({ answer: await ctx.requestInput({ kind: 'form', message: 'Your details, please.', schema: FORM, server: 'Bookings' }) }),
});

// The reply after the call repeats the result the model got, so the test sees what the tool received.
const model = scriptedModel(({ turns }) => {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return [[{ text: 'Let me ask.' }, { tool: 'ask_details', input: {} }], [{ text: `Result: ${JSON.stringify(result?.type === 'tool_result' ? result.output : null)}` }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(agUiApp({ model, tools: [askDetails] }));
});
afterAll(() => server?.close());

const finishedOf = (events: readonly { type: unknown }[]) => events.at(-1) as RunFinishedEvent;

async function asked(threadId: string) {
  const agent = agUiAgent(server.url, threadId);
  agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: 'book me in' });
  const run = await runAgUi(agent);
  const finished = finishedOf(run.events);
  const [interrupt] = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts : [];
  return { agent, run, finished, interrupt: interrupt! };
}

describe('AG-UI endpoint: an input request is an interrupt, answered by the next run, which follows the same run on', () => {
  it('ends the AG-UI run with the request as an interrupt (the form as its responseSchema), then the answer reaches the tool and the turn ends', async () => {
    const { agent, run, finished, interrupt } = await asked('form');
    expect(eventTypes(run.events).slice(-4)).toEqual(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'RUN_FINISHED']);
    expect(finished.outcome?.type).toBe('interrupt');
    expect(interrupt).toMatchObject({
      reason: 'input_request',
      message: 'Your details, please.',
      responseSchema: FORM,
      metadata: { 'agent-chat': { kind: 'form', server: 'Bookings' } },
    });
    expect(typeof interrupt.expiresAt).toBe('string');
    expect(agent.pendingInterrupts.map((i) => i.id)).toEqual([interrupt.id]);

    // A form's values alone accept it.
    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { name: 'Ada', email: 'ada@example.com' } }] });
    expect(eventTypes(resumed.events)[0]).toBe('RUN_STARTED');
    const result = ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!;
    expect(result.toolCallId).toBe(interrupt.toolCallId);
    expect(JSON.parse(result.content as string)).toEqual({ answer: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' }, by: 'user' } });
    expect(finishedOf(resumed.events)).toMatchObject({ outcome: { type: 'success' }, result: { stopReason: 'end_turn' } });
    expect(agent.pendingInterrupts).toEqual([]);
    expect(agent.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('"name":"Ada"') });
  });

  it('a cancelled resume entry answers cancel', async () => {
    const { agent, interrupt } = await asked('cancelled');
    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt.id, status: 'cancelled' }] });
    const result = ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!;
    expect(JSON.parse(result.content as string)).toEqual({ answer: { action: 'cancel', by: 'user' } });
    expect(finishedOf(resumed.events)).toMatchObject({ outcome: { type: 'success' } });
  });

  it('a value the form refuses is a 400 naming the resume entry and field, and the request stays open for a corrected answer', async () => {
    const { interrupt } = await asked('bad-value');
    const bad = await fetch(`${server.url}/ag-ui`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer alice' },
      body: JSON.stringify({
        threadId: 'bad-value',
        runId: 'r2',
        messages: [],
        tools: [],
        context: [],
        state: {},
        forwardedProps: {},
        resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { action: 'accept', content: { name: 'Ada', email: 'not an email' } } }],
      }),
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { field: string; message: string } };
    expect(body.error.field).toBe('resume.0.payload.content.email');
    expect(body.error.message).toContain('resume.0.payload.content.email');

    const agent = agUiAgent(server.url, 'bad-value');
    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { action: 'decline' } }] });
    const result = ofType<ToolCallResultEvent>(resumed.events, 'TOOL_CALL_RESULT')[0]!;
    expect(JSON.parse(result.content as string)).toEqual({ answer: { action: 'decline', by: 'user' } });
  });

  it('another principal cannot answer it: the thread is not theirs', async () => {
    const { agent, interrupt } = await asked('theirs');
    const mallory = agUiAgent(server.url, 'theirs', 'mallory');
    await expect(runAgUi(mallory, { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { action: 'decline' } }] })).rejects.toThrow();
    // Still open for its owner.
    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt.id, status: 'resolved', payload: { action: 'decline' } }] });
    expect(finishedOf(resumed.events)).toMatchObject({ outcome: { type: 'success' } });
  });
});
