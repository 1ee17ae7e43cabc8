import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, finalAnswerTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const slides = ['Hook', 'Tips'];
const state = { stage: 'slides' };

const tools = [
  defineTool({
    name: 'get_slide',
    description: 'Read a slide',
    input: z.object({ index: z.number().int() }),
    label: (input) => `Reading slide ${input.index + 1}`,
    execute: ({ index }) => ({ text: slides[index] }),
  }),
  defineTool({
    name: 'set_slide',
    description: 'Rewrite a slide',
    kind: 'write',
    input: z.object({ index: z.number().int(), text: z.string() }),
    available: ({ context }) => context?.stage === 'slides',
    execute: ({ index, text }) => {
      slides[index] = text;
      return 'ok';
    },
  }),
  defineTool({
    name: 'highlight',
    description: 'Highlight text on the page',
    kind: 'client',
    input: z.object({ text: z.string() }),
    label: 'Highlighting "{text}"',
  }),
  defineTool({
    name: 'delete_slide',
    description: 'Delete a slide',
    kind: 'write',
    input: z.object({ index: z.number().int() }),
    needsConfirmation: true,
    preview: ({ index }) => ({ before: slides[index], impact: ['The carousel gets shorter'] }),
    execute: ({ index }) => slides.splice(index, 1),
  }),
];

const model = recordingModel(
  scriptedModel(({ text }) => {
    if (text === 'read') return [[{ tool: 'get_slide', input: { index: 1 } }], [{ text: 'Slide 2 says Tips.' }]];
    if (text === 'write') return [[{ tool: 'set_slide', input: { index: 0, text: 'Better hook' } }], [{ text: 'Done.' }]];
    if (text === 'client') return [[{ tool: 'highlight', input: { text: 'Tips' } }], [{ text: 'Highlighted.' }]];
    if (text === 'confirm') return [[{ tool: 'delete_slide', input: { index: 1 } }], [{ text: 'Deleted.' }]];
    return [[{ text: 'Nothing to do.' }]];
  }),
);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools }));
});
afterAll(() => server.close());
const client = () => sameBrowser(server.url);

describe('tool kinds, end to end', () => {
  it('a read tool returns data to the agent with its human label', async () => {
    const events = await client().run('read', { text: 'read', context: { stage: 'slides' } });
    expect(events.find((e) => e.data.type === 'tool_call')!.data).toMatchObject({ kind: 'read', label: 'Reading slide 2' });
    expect(events.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ output: { text: 'Tips' }, isError: false });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: false });
  });

  it('a write tool changes state and marks the turn as having writes', async () => {
    const events = await client().run('write', { text: 'write', context: { stage: 'slides' } });
    expect(slides[0]).toBe('Better hook');
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true });
  });

  it('a client tool stops the run for the page, and its result continues the same turn', async () => {
    const first = await client().run('client', { text: 'client' });
    const waiting = first.find((e) => e.data.type === 'awaiting_input')!.data;
    expect(waiting).toMatchObject({ calls: [{ name: 'highlight', reason: 'client', kind: 'client', label: 'Highlighting "Tips"' }] });
    expect(first.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
    const toolCallId = (waiting as { calls: { toolCallId: string }[] }).calls[0]!.toolCallId;
    expect((await client().history('client')).pending).toHaveLength(1);

    const second = await client().resume('client', { results: [{ toolCallId, output: { highlighted: 1 } }] });
    expect(second[0]!.data).toMatchObject({ type: 'run_started', resumed: true });
    expect(second.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ toolCallId, output: { highlighted: 1 } });
    expect(second.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const history = await client().history('client');
    expect(history.pending).toEqual([]);
    expect(history.turns.map((t) => t.type)).toEqual(['user', 'tool_call', 'tool_result', 'assistant_text']);
  });

  it('a confirm tool waits with its preview, and runs once approved', async () => {
    const first = await client().run('confirm', { text: 'confirm' });
    const call = (first.find((e) => e.data.type === 'awaiting_input')!.data as { calls: Array<Record<string, unknown>> }).calls[0]!;
    expect(call).toMatchObject({ name: 'delete_slide', reason: 'confirm', preview: { before: 'Tips', impact: ['The carousel gets shorter'] } });
    expect(slides).toHaveLength(2);
    const second = await client().resume('confirm', { decisions: [{ toolCallId: call.toolCallId, action: 'approve' }] });
    expect(slides).toHaveLength(1);
    expect(second.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true });
  });

  it('finalAnswerTool is described to the element as an answer card, with its schema', async () => {
    const local = await serveApp(createAgentChat({ model, tools: [finalAnswerTool()] }));
    try {
      const body = await sameBrowser(local.url).tools();
      expect(body.tools[0]).toMatchObject({
        name: 'final_answer',
        display: 'answer',
        inputSchema: { type: 'object', required: ['summary'], properties: { summary: { type: 'string' }, suggestions: { type: 'array', maxItems: 4 } } },
      });
    } finally {
      await local.close();
    }
  });

  it('a tool hidden by available() is not offered to the model', async () => {
    model.calls.length = 0;
    await client().run('hidden', { text: 'nothing', context: { stage: 'styles' } });
    expect(model.calls[0]!.tools).not.toContain('set_slide');
    expect(model.calls[0]!.tools).toContain('get_slide');
    await client().run('shown', { text: 'nothing', context: { stage: 'slides' } });
    expect(model.calls[1]!.tools).toContain('set_slide');
  });

  it('refuses a second message while a run is in flight with 409, and the turns never interleave', async () => {
    const slow = createAgentChat({ model: scriptedModel([[{ delayMs: 300 }, { text: 'slow' }]]) });
    const local = await serveApp(slow);
    try {
      const c = sameBrowser(local.url);
      // The first run is in flight once its stream has started: wait for that, not for a time.
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const first = c.run('busy', { text: 'one' }, (event) => {
        if (event.data.type === 'run_started') started();
      });
      await running;
      const second = await c.send('busy', { text: 'two' });
      expect(second.status).toBe(409);
      expect(((await second.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'conflict' });
      await first;
      expect((await c.history('busy')).turns.map((t) => t.type)).toEqual(['user', 'assistant_text']);
    } finally {
      await local.close();
    }
  });
});
