import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, SessionListResponse, SessionSummary } from '@agent-chat/protocol';
import { createAgentChat, memoryStore, scriptedModel, sessionRef, type AgentChatAppOptions } from '../src/index.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

/** Who calls is named by a header, so one test plays several users. */
function agent(options: Partial<AgentChatAppOptions> = {}) {
  return createAgentChat({
    model: scriptedModel(({ text }) => (text.startsWith('slow') ? [[{ text: 'A slow answer. ' }, { delayMs: 400 }, { text: 'Done.' }]] : [[{ text: `You said: ${text}` }]])),
    authorize: (c) => c.req.header('x-user') ?? null,
    ...options,
  });
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function list(client: AgentClient, query = ''): Promise<SessionListResponse> {
  const response = await client.request(`/sessions${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SessionListResponse;
}

async function errorOf(response: Response, status: number): Promise<ErrorResponse['error']> {
  expect(response.status).toBe(status);
  return ((await response.json()) as ErrorResponse).error;
}

describe('GET /sessions, PATCH /sessions/:id: the caller’s conversations', () => {
  let server: RunningServer;
  let ann: AgentClient;
  let bob: AgentClient;

  beforeAll(async () => {
    server = await serveApp(agent());
    ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
    bob = agentClient(server.url, { headers: { 'x-user': 'bob' } });
    // One after the other, so each is newer than the one before.
    for (const [id, text] of [
      ['ann-1', 'Plan the spring trip to Lisbon with the whole family and the dog'],
      ['ann-2', 'What is a monad'],
      ['ann-3', 'Summarize the meeting notes'],
    ]) {
      await ann.run(id!, { text });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await bob.run('bob-1', { text: 'Bob’s only question' });
  });
  afterAll(() => server.close());

  it('lists only the caller’s sessions, newest first, titled by their first words', async () => {
    const { sessions, nextCursor } = await list(ann);
    expect(sessions.map((session) => session.id)).toEqual(['ann-3', 'ann-2', 'ann-1']);
    expect(sessions.map((session) => session.title)).toEqual([
      'Summarize the meeting notes',
      'What is a monad',
      'Plan the spring trip to Lisbon with the…',
    ]);
    expect(nextCursor).toBeNull();
    const times = sessions.map((session) => session.updatedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await list(bob)).sessions.map((session) => session.id)).toEqual(['bob-1']);
    expect((await list(agentClient(server.url, { headers: { 'x-user': 'carol' } }))).sessions).toEqual([]);
  });

  it('pages with limit and the cursor it hands out', async () => {
    const first = await list(ann, '?limit=2');
    expect(first.sessions.map((session) => session.id)).toEqual(['ann-3', 'ann-2']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(ann, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.sessions.map((session) => session.id)).toEqual(['ann-1']);
    expect(second.nextCursor).toBeNull();
  });

  it('renames a session without moving it, and only the owner can', async () => {
    const before = (await list(ann)).sessions;
    const renamed = await ann.request('/sessions/ann-2', json('PATCH', { title: '  Monads, explained  ' }));
    expect(renamed.status).toBe(200);
    const updatedAt = before.find((session) => session.id === 'ann-2')!.updatedAt;
    expect(await renamed.json()).toEqual({ id: 'ann-2', title: 'Monads, explained', updatedAt } satisfies SessionSummary);
    const after = (await list(ann)).sessions;
    expect(after.map((session) => session.id)).toEqual(before.map((session) => session.id));
    expect(after[1]).toEqual({ id: 'ann-2', title: 'Monads, explained', updatedAt });
    // Someone else's session is as missing as one that does not exist, and stays as it was.
    expect(await errorOf(await bob.request('/sessions/ann-2', json('PATCH', { title: 'Mine now' })), 404)).toMatchObject({ field: 'sessionId' });
    expect(await errorOf(await ann.request('/sessions/nothing-here', json('PATCH', { title: 'New' })), 404)).toMatchObject({ field: 'sessionId' });
    expect((await list(ann)).sessions[1]!.title).toBe('Monads, explained');
  });

  it('drops a deleted session from the list; a new message starts a new one at the top', async () => {
    expect((await ann.clear('ann-1')).status).toBe(200);
    expect((await list(ann)).sessions.map((session) => session.id)).toEqual(['ann-3', 'ann-2']);
    await ann.run('ann-4', { text: 'A new conversation' });
    expect((await list(ann)).sessions.map((session) => session.id)).toEqual(['ann-4', 'ann-3', 'ann-2']);
    // Its later messages keep its first title, and move it up.
    await ann.run('ann-3', { text: 'And the action items?' });
    expect((await list(ann)).sessions.slice(0, 2)).toEqual([
      expect.objectContaining({ id: 'ann-3', title: 'Summarize the meeting notes' }),
      expect.objectContaining({ id: 'ann-4', title: 'A new conversation' }),
    ]);
  });

  it('answers a bad limit, cursor or title with a 400 naming the field', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?limit=2.5', '?limit=']) {
      expect(await errorOf(await ann.request(`/sessions${query}`), 400), query).toMatchObject({ code: 'invalid_request', field: 'limit' });
    }
    for (const query of ['?cursor=', '?cursor=abc', '?cursor=12:', '?cursor=12:a%20b', '?cursor=x:ann-1']) {
      expect(await errorOf(await ann.request(`/sessions${query}`), 400), query).toMatchObject({ code: 'invalid_request', field: 'cursor' });
    }
    for (const body of [{ title: '' }, { title: '   ' }, { title: 'x'.repeat(201) }, { title: 7 }, {}]) {
      expect(await errorOf(await ann.request('/sessions/ann-2', json('PATCH', body)), 400), JSON.stringify(body)).toMatchObject({
        code: 'invalid_request',
        field: 'title',
      });
    }
    // A PATCH is a write: JSON only, as every other.
    expect((await ann.request('/sessions/ann-2', { method: 'PATCH', body: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
  });

  it('refuses a rename while a reply streams (409), and takes it after', async () => {
    const running = ann.run('ann-slow', { text: 'slow one please' });
    // The session exists once its first message is stored; its run holds it until done.
    let status = 0;
    for (let tries = 0; tries < 100 && status !== 409; tries++) {
      status = (await ann.request('/sessions/ann-slow', json('PATCH', { title: 'Too soon' }))).status;
      if (status !== 409) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(status).toBe(409);
    await running;
    expect((await ann.request('/sessions/ann-slow', json('PATCH', { title: 'Slow one' }))).status).toBe(200);
    expect((await list(ann)).sessions[0]).toMatchObject({ id: 'ann-slow', title: 'Slow one' });
  });

  it('titles an imported conversation by its first user message', async () => {
    const at = Date.now();
    const imported = await ann.importRaw('ann-imported', {
      turns: [
        { id: 'u1', createdAt: at, type: 'user', text: 'Imported from the document' },
        { id: 'a1', createdAt: at, type: 'assistant_text', text: 'Yes.' },
      ],
    });
    expect(imported.status).toBe(200);
    expect((await list(ann)).sessions[0]).toMatchObject({ id: 'ann-imported', title: 'Imported from the document' });
  });
});

it('names a conversation kept from before titles by its own first message, at its next one', async () => {
  const store = memoryStore();
  const at = Date.now();
  await store.write(await sessionRef('ann', 'old'), 0, {
    append: [
      { id: 'u1', createdAt: at, type: 'user', text: 'The very first question' },
      { id: 'a1', createdAt: at, type: 'assistant_text', text: 'An answer.' },
    ],
    set: { owner: 'ann', updatedAt: at },
  });
  const server = await serveApp(agent({ store }));
  try {
    const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
    expect((await list(ann)).sessions).toEqual([{ id: 'old', title: '', updatedAt: at }]);
    await ann.run('old', { text: 'A later question' });
    expect((await list(ann)).sessions[0]!.title).toBe('The very first question');
  } finally {
    await server.close();
  }
});

it('lets a page of an allowed origin send PATCH (the CORS preflight names it)', async () => {
  const server = await serveApp(agent({ origins: ['http://app.example'] }));
  try {
    const preflight = await fetch(`${server.url}/sessions/s`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type, x-user' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
  } finally {
    await server.close();
  }
});

describe('the titles option', () => {
  it("'model': the model names the conversation after its first reply, once", async () => {
    const systems: string[] = [];
    const model = scriptedModel(({ text, system }) => {
      systems.push(system);
      if (system.startsWith('You name conversations')) return [[{ text: `"Trip to ${text.includes('Lisbon') ? 'Lisbon' : '?'}"` }]];
      return [[{ text: 'Sure, let us plan it.' }]];
    });
    const server = await serveApp(agent({ model, titles: 'model' }));
    try {
      const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
      const events = await ann.run('trip', { text: 'Plan a trip to Lisbon in spring' });
      expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
      // The title is in place by `done`: the list a client reads then shows it.
      expect((await list(ann)).sessions).toEqual([expect.objectContaining({ id: 'trip', title: 'Trip to Lisbon' })]);
      await ann.run('trip', { text: 'And in summer?' });
      expect(systems.filter((system) => system.startsWith('You name conversations'))).toHaveLength(1);
      expect((await list(ann)).sessions[0]!.title).toBe('Trip to Lisbon');
    } finally {
      await server.close();
    }
  });

  it("'model' that fails, or a function that throws, leaves the first words", async () => {
    const model = scriptedModel(({ system }) => (system.startsWith('You name conversations') ? [[{ error: 'overloaded' }]] : [[{ text: 'An answer.' }]]));
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    const failing = await serveApp(agent({ model, titles: 'model' }));
    const throwing = await serveApp(agent({ titles: () => Promise.reject(new Error('no titles today')) }));
    try {
      for (const server of [failing, throwing]) {
        const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
        const events = await ann.run('s', { text: 'Keep these first words please' });
        expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
        expect((await list(ann)).sessions[0]!.title).toBe('Keep these first words please');
      }
      expect(warned).toHaveLength(2);
    } finally {
      console.warn = warn;
      await Promise.all([failing.close(), throwing.close()]);
    }
  });

  it('a function of the first exchange names it', async () => {
    const server = await serveApp(agent({ titles: ({ text, reply }) => `${text.length}/${reply.length}` }));
    try {
      const ann = agentClient(server.url, { headers: { 'x-user': 'ann' } });
      await ann.run('s', { text: 'hello' });
      expect((await list(ann)).sessions[0]!.title).toBe(`5/${'You said: hello'.length}`);
    } finally {
      await server.close();
    }
  });

  it('is checked at start-up', () => {
    expect(() => agent({ titles: 'smart' as never })).toThrow(/titles must be 'words', 'model' or a function/);
  });
});
