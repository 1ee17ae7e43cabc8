import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const weather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city',
  input: z.object({ city: z.string() }),
  label: 'Checking the weather in {city}',
  execute: ({ city }) => ({ city, sky: 'clear', celsius: 21 }),
});

const model = scriptedModel([
  [{ thinking: 'The user wants the weather; I will look it up.' }, { text: 'Let me check.' }, { tool: 'get_weather', input: { city: 'Lisbon' } }],
  [{ text: 'It is clear and 21 °C in Lisbon.' }],
]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [weather] }));
});
afterAll(() => server.close());

describe('a whole run over real HTTP', () => {
  it('streams run_started, deltas, a tool call and its result, then done end_turn, with increasing ids', async () => {
    const client = sameBrowser(server.url);
    const response = await client.send('s1', { text: 'Weather in Lisbon?' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await readAgentEvents(response);

    const types = events.map((e) => e.event);
    expect(types[0]).toBe('run_started');
    expect(types.at(-1)).toBe('done');
    expect(types).toContain('thinking_delta');
    expect(types).toContain('text_delta');
    expect(types.indexOf('tool_call')).toBeLessThan(types.indexOf('tool_result'));
    for (const event of events) expect(event.event).toBe(event.data.type);

    const ids = events.map((e) => e.id);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toBeGreaterThan(0);

    const call = events.find((e) => e.data.type === 'tool_call')!.data;
    expect(call).toMatchObject({ name: 'get_weather', label: 'Checking the weather in Lisbon', input: { city: 'Lisbon' }, kind: 'read' });
    const result = events.find((e) => e.data.type === 'tool_result')!.data;
    expect(result).toMatchObject({ name: 'get_weather', isError: false, output: { city: 'Lisbon', sky: 'clear', celsius: 21 } });

    const text = events.flatMap((e) => (e.data.type === 'text_delta' ? [e.data.text] : [])).join('');
    expect(text).toBe('Let me check.It is clear and 21 °C in Lisbon.');
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false });
  });

  it('stores the run as flat turns, and the next run continues the event ids', async () => {
    const client = sameBrowser(server.url);
    const first = await client.run('s2', { text: 'Weather?' });
    const history = await client.history('s2');
    expect(history.turns.map((t) => t.type)).toEqual(['user', 'thinking', 'assistant_text', 'tool_call', 'tool_result', 'assistant_text']);
    expect(history.lastEventId).toBe(first.at(-1)!.id);
    // run_started names the user turn it answers, so a client can match its local message to the stored one.
    expect(first[0]!.data).toMatchObject({ type: 'run_started', userTurnId: history.turns[0]!.id });
    const second = await client.run('s2', { text: 'Again?' });
    expect(second[0]!.id).toBeGreaterThan(first.at(-1)!.id);
  });

  it('lists tools with their kind, label and JSON schema', async () => {
    const body = await sameBrowser(server.url).tools();
    expect(body.tools).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        kind: 'read',
        label: 'Checking the weather in {city}',
        needsConfirmation: false,
        inputSchema: expect.objectContaining({ type: 'object', required: ['city'] }),
      }),
    ]);
  });

  it('clears a session with DELETE', async () => {
    const client = sameBrowser(server.url);
    await client.run('s3', { text: 'Hi' });
    expect((await client.history('s3')).turns.length).toBeGreaterThan(0);
    expect((await client.clear('s3')).status).toBe(200);
    // Gone: an empty history, as for a session that never was.
    expect(await client.history('s3')).toEqual({ sessionId: 's3', turns: [], pending: [], undoable: false, running: false, lastEventId: 0 });
  });
});
