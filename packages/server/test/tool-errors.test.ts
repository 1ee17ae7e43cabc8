import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const tools = [
  defineTool({
    name: 'add',
    description: 'Add two numbers',
    input: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => a + b,
  }),
  defineTool({
    name: 'explode',
    description: 'Always throws',
    input: z.object({}),
    execute: () => {
      throw new Error('the database is on fire');
    },
  }),
  defineTool({
    name: 'hang',
    description: 'Never answers',
    input: z.object({}),
    timeoutMs: 100,
    execute: () => new Promise(() => {}),
  }),
];

const calls: Record<string, object> = {
  'bad input': { tool: 'add', input: { a: 1, b: 'two' } },
  'unknown tool': { tool: 'teleport', input: {} },
  throwing: { tool: 'explode', input: {} },
  hung: { tool: 'hang', input: {} },
};

// The agent reads the error and recovers: its second step repeats the error it saw.
const model = scriptedModel(({ text, turns }) => {
  const last = turns.findLast((turn) => turn.type === 'tool_result');
  const seen = last?.type === 'tool_result' ? String(last.output) : '';
  return [[calls[text] as never], [{ text: `I saw: ${seen}` }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools }));
});
afterAll(() => server.close());

async function runCase(name: string) {
  const events = await sameBrowser(server.url).run(name.replace(/ /g, '-'), { text: name });
  const result = events.find((e) => e.data.type === 'tool_result')!.data as { isError: boolean; output: string };
  const reply = events.filter((e) => e.data.type === 'text_delta').map((e) => (e.data as { text: string }).text).join('');
  return { result, reply, done: events.at(-1)!.data };
}

describe('tool failures reach the agent as error results', () => {
  it('input that fails the schema names the field', async () => {
    const { result, reply, done } = await runCase('bad input');
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^Invalid input for add: b: .*expected number/);
    expect(reply).toContain('Invalid input for add: b:');
    expect(done).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('an unknown tool lists the ones there are', async () => {
    const { result, done } = await runCase('unknown tool');
    expect(result).toMatchObject({ isError: true });
    expect(result.output).toContain('Unknown tool "teleport"');
    expect(result.output).toContain('add, explode, hang');
    expect(done).toMatchObject({ stopReason: 'end_turn' });
  });

  it('a throwing tool gives its message', async () => {
    const { result, reply, done } = await runCase('throwing');
    expect(result).toMatchObject({ isError: true, output: 'Tool explode failed: the database is on fire' });
    expect(reply).toContain('the database is on fire');
    expect(done).toMatchObject({ stopReason: 'end_turn' });
  });

  it('a hung tool times out', async () => {
    const { result, done } = await runCase('hung');
    expect(result).toMatchObject({ isError: true, output: 'Tool hang timed out after 100 ms.' });
    expect(done).toMatchObject({ stopReason: 'end_turn' });
  });

  it('a model that keeps calling tools stops at the step cap with max_steps', async () => {
    const looping = scriptedModel(() => Array.from({ length: 20 }, () => [{ tool: 'add', input: { a: 1, b: 1 } }]));
    const local = await serveApp(createAgentChat({ model: looping, tools, maxSteps: 3 }));
    try {
      const events = await sameBrowser(local.url).run('loop', { text: 'go' });
      expect(events.filter((e) => e.data.type === 'tool_call')).toHaveLength(3);
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'max_steps' });
      expect(events.some((e) => e.data.type === 'status' && e.data.text === 'Stopped after 3 steps.')).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('a model error ends the run with error, and the next message works', async () => {
    const flaky = scriptedModel(({ text }) => (text === 'fail' ? [[{ text: 'Part' }, { error: 'Anthropic API: overloaded (529)' }]] : [[{ text: 'fine' }]]));
    const local = await serveApp(createAgentChat({ model: flaky }));
    try {
      const c = sameBrowser(local.url);
      const events = await c.run('flaky', { text: 'fail' });
      expect(events.find((e) => e.data.type === 'error')!.data).toMatchObject({ message: 'Anthropic API: overloaded (529)' });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'error' });
      const next = await c.run('flaky', { text: 'again' });
      expect(next.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    } finally {
      await local.close();
    }
  });
});
