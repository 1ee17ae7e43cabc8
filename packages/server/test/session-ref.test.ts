import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineCommand, defineTool, scriptedModel, sessionRef } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

describe('sessionRef', () => {
  it('is one name for an owner and an id: the same for the same pair, another for any other, safe as a file name', async () => {
    const longest = 'p'.repeat(512);
    const refs = await Promise.all([sessionRef('ann', 'doc-1'), sessionRef('ann', 'doc-1'), sessionRef('bob', 'doc-1'), sessionRef('ann', 'doc-2'), sessionRef(longest, 'x'.repeat(200))]);
    for (const ref of refs) expect(ref.key).toMatch(/^~[A-Za-z0-9_-]{43}$/);
    expect(refs[0]).toEqual(refs[1]);
    expect(new Set(refs.slice(1).map((ref) => ref.key)).size).toBe(4);
    expect(refs[4]).toMatchObject({ owner: longest, id: 'x'.repeat(200) });
    // The pair is hashed as JSON: no owner and id run together into another pair.
    expect((await sessionRef('a:b', 'c')).key).not.toBe((await sessionRef('a', 'b:c')).key);
  });
});

describe('what the host and the client are told of a session is the id the caller gave', () => {
  const seen: Record<string, string[]> = { tool: [], system: [], snapshot: [], command: [], available: [] };
  const note = defineTool({
    name: 'note',
    description: 'Note something',
    kind: 'write',
    input: z.object({}),
    available: ({ sessionId }) => (seen.available!.push(sessionId), true),
    execute: (_input, { sessionId }) => (seen.tool!.push(sessionId), 'noted'),
  });
  const ping = defineCommand({ name: 'ping', description: 'Ping', run: ({ sessionId }) => (seen.command!.push(sessionId), 'pong') });
  let server: RunningServer;
  beforeAll(async () => {
    server = await serveApp(
      createAgentChat({
        model: scriptedModel(() => [[{ tool: 'note', input: {} }], [{ text: 'Done.' }]]),
        tools: [note],
        commands: [ping],
        system: ({ sessionId }) => (seen.system!.push(sessionId), 'Be brief.'),
        state: { snapshot: (sessionId) => (seen.snapshot!.push(sessionId), {}), restore: () => undefined },
        authorize: (c) => c.req.header('x-user') ?? null,
      }),
    );
  });
  afterAll(() => server.close());

  it('in tools, the system prompt, state, commands, events, the history, the list and AG-UI', async () => {
    const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
    const events = await ann.run('doc-9', { text: 'note it' });
    expect(events[0]!.data).toMatchObject({ type: 'run_started', sessionId: 'doc-9' });
    await ann.run('doc-9', { text: '/ping' });
    for (const [where, ids] of Object.entries(seen)) {
      expect(ids.length, where).toBeGreaterThan(0);
      expect(new Set(ids), where).toEqual(new Set(['doc-9']));
    }
    expect((await ann.history('doc-9')).sessionId).toBe('doc-9');
    const list = (await (await ann.request('/sessions')).json()) as { sessions: { id: string }[] };
    expect(list.sessions.map((session) => session.id)).toEqual(['doc-9']);
    const agUi = await ann.request('/ag-ui', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ threadId: 'doc-9', runId: 'r1', messages: [{ id: 'u-ag', role: 'user', content: 'again' }], tools: [], context: [], state: {}, forwardedProps: {} }),
    });
    const text = await agUi.text();
    expect(text).toContain('"threadId":"doc-9"');
    expect(text).not.toMatch(/~[A-Za-z0-9_-]{43}/);
  });
});
