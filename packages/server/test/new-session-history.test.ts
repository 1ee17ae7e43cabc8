import type { SessionResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Issue #31: a conversation whose id the page chose asked for its history and got a 404, which browsers print as a
// failed request on every new conversation. The id is the client's to choose and its first message starts the
// session, so a session the caller has none of reads as the empty conversation it is (docs/protocol.md).

const model = scriptedModel([[{ text: 'Hello there.' }]]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, secret: 'new-session-test-secret-0123456789abcdef' }));
});
afterAll(() => server.close());

const empty = (sessionId: string): SessionResponse => ({ sessionId, turns: [], pending: [], undoable: false, running: false, lastEventId: 0 });

describe('GET /sessions/:id of a session the caller has none of', () => {
  it('answers 200 with the empty history, then the conversation once started, then empty again once cleared', async () => {
    const client = agentClient(server.url);
    const fresh = await client.historyRaw('page-chose-this');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await fresh.json()).toEqual(empty('page-chose-this'));

    const events = await client.run('page-chose-this', { text: 'Hi' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const started = await client.history('page-chose-this');
    expect(started.turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text']);
    expect(started.lastEventId).toBeGreaterThan(0);

    expect((await client.clear('page-chose-this')).status).toBe(200);
    expect(await client.history('page-chose-this')).toEqual(empty('page-chose-this'));
  });

  it('stores nothing: asking does not start the session, and the list of conversations stays empty', async () => {
    const client = agentClient(server.url);
    for (let i = 0; i < 3; i++) expect((await client.historyRaw('only-asked')).status).toBe(200);
    const list = await client.request('/sessions');
    expect(list.status).toBe(200);
    expect(((await list.json()) as { sessions: unknown[] }).sessions).toEqual([]);
  });

  it('still refuses an id that cannot be one, with the 400 naming it', async () => {
    const response = await agentClient(server.url).request('/sessions/has%20a%20space');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request', field: 'sessionId' } });
  });
});
