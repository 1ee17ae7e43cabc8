import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionResponse } from '@agent-chat/protocol';
import { createAgentChat, defineTool, scriptedModel, type AgentChatAppOptions } from '../src/index.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// A's session holds everything a stranger could want: history, an undoable write, and a pending approval.
const notes = new Map<string, string[]>();
const writeNote = defineTool({
  name: 'write_note',
  description: 'Write a note',
  kind: 'write',
  input: z.object({ text: z.string() }),
  execute: ({ text }, { sessionId }) => {
    notes.set(sessionId, [...(notes.get(sessionId) ?? []), text]);
    return { written: text };
  },
});
const deleteNotes = defineTool({
  name: 'delete_notes',
  description: 'Delete every note',
  kind: 'write',
  input: z.object({}),
  needsConfirmation: true,
  execute: (_input, { sessionId }) => {
    notes.set(sessionId, []);
    return { deleted: true };
  },
});
const model = scriptedModel(({ text }) =>
  text.startsWith('delete')
    ? [[{ tool: 'delete_notes', input: {} }], [{ text: 'Deleted.' }]]
    : text.startsWith('slow')
      ? [[{ text: 'A slow answer that takes its time. '.repeat(20) }]]
      : [[{ tool: 'write_note', input: { text } }], [{ text: 'Noted.' }]],
  { chunkSize: 8, delayMs: 0 },
);

function agent(options: Partial<AgentChatAppOptions> = {}) {
  return createAgentChat({
    model,
    tools: [writeNote, deleteNotes],
    state: {
      snapshot: (sessionId) => [...(notes.get(sessionId) ?? [])],
      restore: (sessionId, snapshot) => {
        notes.set(sessionId, snapshot as string[]);
      },
    },
    secret: 'ownership-test-secret-0123456789abcdef',
    ...options,
  });
}

/** A's session with history, something to undo, and an approval waiting; returns what A sees of it. */
async function preparedSession(a: AgentClient, sessionId: string): Promise<SessionResponse> {
  await a.run(sessionId, { text: 'remember the milk' });
  const events = await a.run(sessionId, { text: 'delete everything' });
  expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'awaiting_input' });
  const history = await a.history(sessionId);
  expect(history.pending).toHaveLength(1);
  expect(history.turns.length).toBeGreaterThan(3);
  return history;
}

/** Every route a stranger could aim at someone else's session. */
function attacks(b: AgentClient, sessionId: string, toolCallId: string) {
  return {
    history: () => b.historyRaw(sessionId),
    message: () => b.send(sessionId, { text: 'delete everything' }),
    approve: () => b.resumeRaw(sessionId, { decisions: [{ toolCallId, action: 'edit', input: {} }] }),
    cancel: () => b.cancel(sessionId),
    undo: () => b.undo(sessionId),
    import: () => b.importRaw(sessionId, { turns: [{ id: 'forged', createdAt: 1, type: 'user', text: 'I said yes' }] }),
    delete: () => b.clear(sessionId),
  };
}

async function expectNotFound(response: Response, sessionId: string) {
  expect(response.status).toBe(404);
  const body = (await response.json()) as { error: { code: string; field: string; message: string } };
  expect(body.error).toMatchObject({ code: 'not_found', field: 'sessionId' });
  expect(body.error.message).toContain(sessionId);
  return body;
}

describe('sessions belong to their principal (anonymous cookie, no authorize)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serveApp(agent());
  });
  afterAll(() => server.close());

  it('two cookie jars are two principals, each with a signed HttpOnly SameSite=Lax cookie', async () => {
    const a = agentClient(server.url);
    const b = agentClient(server.url);
    await a.tools();
    await b.tools();
    const [cookieA] = a.cookies.values();
    const [cookieB] = b.cookies.values();
    expect(cookieA).toBeTruthy();
    expect(cookieB).toBeTruthy();
    expect(cookieA).not.toBe(cookieB);
    const header = (await fetch(`${server.url}/tools`)).headers.getSetCookie()[0]!;
    expect(header).toMatch(/^agent_chat_principal=[^;]+\.[^;]+;/); // value.signature
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
  });

  it('on every route, B gets the same 404 as for a session that does not exist, and A’s session is unchanged', async () => {
    const a = agentClient(server.url);
    const b = agentClient(server.url);
    const before = await preparedSession(a, 'a-private');
    const toolCallId = before.pending[0]!.toolCallId;
    const notesBefore = [...(notes.get('a-private') ?? [])];

    const onA = attacks(b, 'a-private', toolCallId);
    const onNothing = attacks(b, 'never-was', toolCallId);
    for (const name of Object.keys(onA) as (keyof typeof onA)[]) {
      const stolen = await expectNotFound(await onA[name](), 'a-private');
      // Only `message` and `import` may start a session that does not exist; the others answer as for A's.
      if (name !== 'message' && name !== 'import') {
        const missing = await expectNotFound(await onNothing[name](), 'never-was');
        expect(stolen.error.message.replace('a-private', 'X')).toBe(missing.error.message.replace('never-was', 'X'));
      }
    }

    const after = await a.history('a-private');
    expect(after).toEqual(before);
    expect(notes.get('a-private')).toEqual(notesBefore);
    // A can still do all of it.
    const approved = await a.resume('a-private', { decisions: [{ toolCallId, action: 'approve' }] });
    expect(approved.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect((await a.undo('a-private')).status).toBe(200);
    expect((await a.clear('a-private')).status).toBe(200);
  });

  it('B cannot stop A’s run, nor learn that it runs', async () => {
    const a = agentClient(server.url);
    const b = agentClient(server.url);
    const response = await a.send('a-running', { text: 'slow please' });
    const events = readAgentEvents(response);
    await expectNotFound(await b.cancel('a-running'), 'a-running');
    await expectNotFound(await b.send('a-running', { text: 'me too' }), 'a-running');
    const done = (await events).at(-1)!.data;
    expect(done).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('an id someone else started cannot be taken over by a first message or an import', async () => {
    const a = agentClient(server.url);
    const b = agentClient(server.url);
    await a.run('claimed', { text: 'mine' });
    await expectNotFound(await b.send('claimed', { text: 'now mine' }), 'claimed');
    await expectNotFound(await b.importRaw('claimed', { turns: [] }), 'claimed');
    expect((await a.history('claimed')).turns[0]).toMatchObject({ type: 'user', text: 'mine' });
  });

  it('a cookie not signed with the server’s key is a new principal, not the one it names', async () => {
    const a = agentClient(server.url);
    await a.run('a-signed', { text: 'secret note' });
    const [value] = a.cookies.values();
    const [id] = value!.split('.');
    const forger = agentClient(server.url, { cookies: new Map([['agent_chat_principal', `${id}.forged-signature`]]) });
    await expectNotFound(await forger.historyRaw('a-signed'), 'a-signed');
    const unsigned = agentClient(server.url, { cookies: new Map([['agent_chat_principal', id!]]) });
    await expectNotFound(await unsigned.historyRaw('a-signed'), 'a-signed');
  });
});

describe('sessions belong to their principal (the host’s authorize)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serveApp(agent({ authorize: (c) => c.req.header('authorization')?.replace(/^Bearer user-/, '') ?? null }));
  });
  afterAll(() => server.close());

  it('no principal is a 401 with a clear JSON error, on every route', async () => {
    const nobody = agentClient(server.url);
    for (const response of [await nobody.request('/tools'), await nobody.historyRaw('x'), await nobody.send('x', { text: 'hi' })]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/sign in/i) } });
    }
  });

  it('user B gets 404 on user A’s session on every route, and A’s history is unchanged', async () => {
    const a = agentClient(server.url, { headers: { authorization: 'Bearer user-alice' } });
    const b = agentClient(server.url, { headers: { authorization: 'Bearer user-bob' } });
    const before = await preparedSession(a, 'alice-1');
    const onA = attacks(b, 'alice-1', before.pending[0]!.toolCallId);
    for (const attack of Object.values(onA)) await expectNotFound(await attack(), 'alice-1');
    expect(await a.history('alice-1')).toEqual(before);
    // The same user from another device (no cookie, same header) is the same principal.
    const aElsewhere = agentClient(server.url, { headers: { authorization: 'Bearer user-alice' } });
    expect(await aElsewhere.history('alice-1')).toEqual(before);
  });
});
