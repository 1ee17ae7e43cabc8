import type { StreamEvent, ToolResultEvent } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineSubagent, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// Sub-agents nest, each on its own model and step cap; what a sub-agent meets (a failing model, its step cap) becomes
// its call's result, and the agent above goes on (issue 34, point 1).

const RESEARCHER = 'You research a topic with lookups.';
const LOOKUP = 'You look one thing up.';

/** The inner sub-agent: on a model of its own (a fast one, in an app). */
const lookup = defineSubagent({
  name: 'lookup',
  description: 'Look one thing up',
  input: z.object({ q: z.string() }),
  prompt: ({ q }) => `Look up ${q}`,
  system: LOOKUP,
  model: scriptedModel(({ text }) => (text.includes('broken') ? [[{ error: 'The fast model is overloaded.' }]] : [[{ text: `Looked up ${text.slice(8)}.` }]]), {
    name: 'fast',
  }),
});

const research = defineSubagent({
  name: 'research',
  description: 'Research a topic',
  input: z.object({ topic: z.string() }),
  prompt: ({ topic }) => `Research ${topic}`,
  system: ({ topic }) => `${RESEARCHER} Topic: ${topic}.`,
  tools: [lookup],
  maxSteps: 2,
  result: (final, turns) => ({ summary: final, steps: turns.filter((turn) => turn.type === 'assistant_text').length }),
});

/** The main agent and the researcher share the app's model (the default), told apart by their system prompts. */
const model = scriptedModel(({ text, system }) => {
  if (system.includes(RESEARCHER)) {
    if (text.includes('loops')) return [[{ tool: 'lookup', input: { q: 'a' } }], [{ tool: 'lookup', input: { q: 'b' } }], [{ text: 'never' }]];
    return [[{ tool: 'lookup', input: { q: text.includes('broken') ? 'broken' : 'X' } }], [{ text: 'Researched it.' }]];
  }
  return [[{ tool: 'research', input: { topic: text } }], [{ text: 'Done.' }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [research] }));
});
afterAll(async () => {
  await server?.close();
});
const client = () => sameBrowser(server.url);

async function run(sessionId: string, text: string): Promise<StreamEvent[]> {
  return (await client().run(sessionId, { text })).map((event) => event.data);
}
const calls = (events: StreamEvent[], name: string) => events.filter((event) => event.type === 'tool_call' && event.name === name);
const resultOf = (events: StreamEvent[], toolCallId: string) =>
  events.find((event): event is ToolResultEvent => event.type === 'tool_result' && event.toolCallId === toolCallId);

describe('nested sub-agents', () => {
  it('chains each branch through its own call, and shapes the result with result()', async () => {
    const events = await run('n1', 'topic');
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const [outer] = calls(events, 'research');
    const [inner] = calls(events, 'lookup');
    expect(outer).toMatchObject({ subagent: true });
    expect(outer).not.toHaveProperty('parentCallId');
    const outerId = outer!.type === 'tool_call' ? outer.toolCallId : '';
    const innerId = inner!.type === 'tool_call' ? inner.toolCallId : '';
    expect(inner).toMatchObject({ subagent: true, parentCallId: outerId });
    // The inner sub-agent's text streams under its own call; its result, under the outer one.
    const innerText = events.filter((event) => event.type === 'text_delta' && event.parentCallId === innerId).map((event) => (event.type === 'text_delta' ? event.text : '')).join('');
    expect(innerText).toBe('Looked up X.');
    expect(resultOf(events, innerId)).toMatchObject({ parentCallId: outerId, output: 'Looked up X.', isError: false });
    expect(resultOf(events, outerId)).toMatchObject({ output: { summary: 'Researched it.', steps: 1 }, isError: false });

    const history = await client().history('n1');
    const tree = history.subagentTurns ?? [];
    expect(tree.filter((turn) => turn.parentCallId === innerId).map((turn) => turn.type)).toEqual(['user', 'assistant_text']);
    expect(tree.filter((turn) => turn.parentCallId === outerId).map((turn) => turn.type)).toEqual(['user', 'tool_call', 'tool_result', 'assistant_text']);
    // The main agent's history holds only its own call and result.
    expect(history.turns.map((turn) => turn.type)).toEqual(['user', 'tool_call', 'tool_result', 'assistant_text']);
  });

  it('a sub-agent whose model fails gives its call an error result, and the agent above goes on', async () => {
    const events = await run('n2', 'broken topic');
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const [inner] = calls(events, 'lookup');
    const innerId = inner!.type === 'tool_call' ? inner.toolCallId : '';
    expect(events.find((event) => event.type === 'error')).toMatchObject({ parentCallId: innerId, message: expect.stringContaining('overloaded') });
    expect(resultOf(events, innerId)).toMatchObject({ isError: true, output: expect.stringContaining('The sub-agent lookup failed: The fast model is overloaded.') });
  });

  it('a sub-agent stopped by its step cap answers with what it has, and says so', async () => {
    const events = await run('n3', 'loops');
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const [outer] = calls(events, 'research');
    const outerId = outer!.type === 'tool_call' ? outer.toolCallId : '';
    expect(resultOf(events, outerId)).toMatchObject({ isError: false, output: expect.stringContaining('stopped after 2 steps') });
  });
});
