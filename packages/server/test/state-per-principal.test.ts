import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Two principals may use one session id for two sessions (issue 31.2), so the host's per-session state is keyed by
// the principal and the id together: tools and the state adapter are told both.
const notes = new Map<string, string[]>();
const notesOf = (principal: string, sessionId: string) => {
  const key = JSON.stringify([principal, sessionId]);
  return notes.get(key) ?? notes.set(key, []).get(key)!;
};

const addNote = defineTool({
  name: 'add_note',
  description: 'Add a note',
  kind: 'write',
  input: z.object({ text: z.string() }),
  execute: ({ text }, { sessionId, principal }) => {
    notesOf(principal, sessionId).push(text);
    return `noted for ${principal}`;
  },
});
const model = scriptedModel(({ text }) => [[{ tool: 'add_note', input: { text } }], [{ text: 'Noted.' }]]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model,
      tools: [addNote],
      authorize: (c) => c.req.header('x-user') ?? null,
      state: {
        snapshot: (sessionId, principal) => [...notesOf(principal, sessionId)],
        restore: (sessionId, snapshot, principal) => void notes.set(JSON.stringify([principal, sessionId]), snapshot as string[]),
      },
    }),
  );
});
afterAll(() => server?.close());

it('tools and the state adapter are told whose session it is; undo restores only the caller\'s state', async () => {
  const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
  const bob = agentClient(server.url, { headers: { 'x-user': 'bob' } });
  const annEvents = await ann.run('doc-1', { text: 'from ann' });
  await bob.run('doc-1', { text: 'from bob' });
  expect(annEvents.find((event) => event.data.type === 'tool_result')!.data).toMatchObject({ output: 'noted for ann' });
  expect(notesOf('ann', 'doc-1')).toEqual(['from ann']);
  expect(notesOf('bob', 'doc-1')).toEqual(['from bob']);
  const undone = await ann.request('/sessions/doc-1/undo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(undone.status).toBe(200);
  expect(notesOf('ann', 'doc-1')).toEqual([]);
  expect(notesOf('bob', 'doc-1')).toEqual(['from bob']);
});
