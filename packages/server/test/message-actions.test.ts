import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorResponse, FeedbackResponse, SessionResponse, Turn } from '@agent-chat/protocol';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../src/file-store.js';
import { anthropicModel, createAgentChat, defineTool, memoryStore, scriptedModel, type Feedback, type SessionStore } from '../src/index.js';
import { z } from 'zod';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import { redisStore, type RedisSessionStore } from '../src/redis.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { redisSkipReason, startRedisServer } from './support/redis-server.js';

// Issue 21 point 3 over real HTTP: retry keeps the replaced reply as an alternative, an edit branches the
// conversation (the real @anthropic-ai/sdk sends the fake Messages API only the branch), feedback reaches the hook.

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The text of each message the model was sent, as `role: text`. */
function sentHistory(request: RecordedRequest): string[] {
  const messages = request.messages as { role: string; content: string | { type: string; text?: string }[] }[];
  return messages.map(({ role, content }) => {
    const text = typeof content === 'string' ? content : content.map((block) => block.text ?? `[${block.type}]`).join('');
    return `${role}: ${text}`;
  });
}

const texts = (turns: readonly Turn[]) =>
  turns.map((turn) => (turn.type === 'user' ? `user: ${turn.text}` : turn.type === 'assistant_text' ? `assistant: ${turn.text}` : turn.type));

function lastUserText(request: RecordedRequest): string {
  return sentHistory(request).filter((line) => line.startsWith('user: ')).at(-1)!.slice('user: '.length);
}

async function errorOf(response: Response): Promise<ErrorResponse['error'] & { status: number }> {
  return { status: response.status, ...((await response.json()) as ErrorResponse).error };
}

type StoreCase = [string, () => Promise<{ store: () => SessionStore; close: () => Promise<void> }>];

const stores: StoreCase[] = [
  ['memory store', async () => {
    const store = memoryStore();
    return { store: () => store, close: async () => {} };
  }],
  ['file store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agent-chat-actions-'));
    // Each call is a new store over the same folder: what it answers was read back from disk.
    return { store: () => fileStore({ dir }), close: () => rm(dir, { recursive: true, force: true }) };
  }],
  // Redis when a redis-server is at hand (redis-server.ts says how it is found; the test says why when it is not).
  ...(redisSkipReason('message-actions.test.ts')
    ? []
    : [['redis store', async () => {
        const redis = await startRedisServer();
        const opened: RedisSessionStore[] = [];
        return {
          // Each call is another instance over the same Redis, with no cache of the last one's.
          store: () => {
            const store = redisStore({ url: redis.url, prefix: 'actions:' });
            opened.push(store);
            return store;
          },
          close: async () => {
            await Promise.all(opened.map((store) => store.close()));
            await redis.stop();
          },
        };
      }] satisfies StoreCase]),
];

describe.each(stores)('message actions, %s', (_name, makeStore) => {
  let fake: FakeAnthropic;
  let server: RunningServer;
  let stores: Awaited<ReturnType<typeof makeStore>>;
  let client: AgentClient;
  const feedback: Feedback[] = [];
  let replies = 0;
  const serve = () =>
    serveApp(
      createAgentChat({
        model: anthropicModel({
          model: 'claude-test-1',
          client: new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 }),
        }),
        store: stores.store(),
        secret: 'message-actions-test-secret-0123456789abcdef',
        onFeedback: (given) => {
          feedback.push(given);
        },
      }),
    );

  beforeAll(async () => {
    // Each reply names the message it answers and how many replies came before it, so every one is told apart.
    fake = await startFakeAnthropic({ replies: (body) => ({ content: [{ type: 'text', text: `reply ${++replies} to ${lastUserText(body)}` }] }) });
    stores = await makeStore();
    server = await serve();
    client = agentClient(server.url);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    await stores.close();
  });

  const retry = async (sessionId: string) => {
    const response = await client.request(`/sessions/${sessionId}/retry`, post({}));
    expect(response.status).toBe(200);
    return readAgentEvents(response);
  };
  const branch = async (sessionId: string, turnId: string, index: number): Promise<SessionResponse> => {
    const response = await client.request(`/sessions/${sessionId}/branch`, post({ turnId, index }));
    expect(response.status).toBe(200);
    return (await response.json()) as SessionResponse;
  };

  it('retry regenerates the last reply and keeps the replaced one as an alternative, across a restart', async () => {
    await client.run('r1', { text: 'hello' });
    const before = await client.history('r1');
    const first = before.turns.at(-1)!;
    expect(texts(before.turns)).toEqual(['user: hello', `assistant: reply ${replies} to hello`]);
    expect(before.branches).toBeUndefined();

    const sent = fake.requests.length;
    const events = await retry('r1');
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // The model was given the path without the replaced reply.
    expect(sentHistory(fake.requests[sent]!)).toEqual(['user: hello']);

    const after = await client.history('r1');
    expect(texts(after.turns)).toEqual(['user: hello', `assistant: reply ${replies} to hello`]);
    expect(after.turns[0]!.id).toBe(before.turns[0]!.id);
    const second = after.turns[1]!;
    expect(after.branches).toEqual([{ turnId: second.id, index: 1, count: 2 }]);

    // Paging back shows the first reply again, and says so after a restart over the same store.
    const back = await branch('r1', second.id, 0);
    expect(back.turns.map((turn) => turn.id)).toEqual([before.turns[0]!.id, first.id]);
    expect(back.branches).toEqual([{ turnId: first.id, index: 0, count: 2 }]);
    await server.close();
    server = await serve();
    client = agentClient(server.url, { cookies: client.cookies });
    const reloaded = await client.history('r1');
    expect(reloaded.turns.map((turn) => turn.id)).toEqual([before.turns[0]!.id, first.id]);
    expect(reloaded.branches).toEqual([{ turnId: first.id, index: 0, count: 2 }]);

    // A third try from the first reply: three alternatives, the new one shown.
    await retry('r1');
    const third = await client.history('r1');
    expect(third.branches).toEqual([{ turnId: third.turns[1]!.id, index: 2, count: 3 }]);
    const forward = await branch('r1', third.turns[1]!.id, 1);
    expect(forward.turns[1]!.id).toBe(second.id);
  });

  it('an edit branches at the message: the model sees the branch, and the old branch stays reachable', async () => {
    await client.run('e1', { text: 'first' });
    await client.run('e1', { text: 'second' });
    await client.run('e1', { text: 'third' });
    const original = await client.history('e1');
    const secondTurn = original.turns[2]!;
    expect(secondTurn).toMatchObject({ type: 'user', text: 'second' });

    const sent = fake.requests.length;
    await client.run('e1', { text: 'second, edited', editOf: secondTurn.id });
    const edited = await client.history('e1');
    const firstReply = original.turns[1]!.type === 'assistant_text' ? original.turns[1]!.text : '';
    expect(sentHistory(fake.requests[sent]!)).toEqual(['user: first', `assistant: ${firstReply}`, 'user: second, edited']);
    expect(texts(edited.turns).slice(0, 3)).toEqual(['user: first', `assistant: ${firstReply}`, 'user: second, edited']);
    expect(edited.turns).toHaveLength(4);
    const editedTurn = edited.turns[2]!;
    expect(edited.branches).toEqual([{ turnId: editedTurn.id, index: 1, count: 2 }]);

    // The new branch goes on from the edit; the model still sees nothing of the old one.
    await client.run('e1', { text: 'fourth' });
    expect(sentHistory(fake.requests.at(-1)!).join('\n')).not.toContain('third');

    // Back to the original branch: its messages and replies as they were, and a message there sees that branch.
    const back = await branch('e1', editedTurn.id, 0);
    expect(back.turns.map((turn) => turn.id)).toEqual(original.turns.map((turn) => turn.id));
    expect(back.branches).toEqual([{ turnId: secondTurn.id, index: 0, count: 2 }]);
    await client.run('e1', { text: 'fifth' });
    const seen = sentHistory(fake.requests.at(-1)!);
    expect(seen.filter((line) => line.startsWith('user: '))).toEqual(['user: first', 'user: second', 'user: third', 'user: fifth']);

    // A retry inside the original branch nests a fork there; switching to the edit and back keeps it.
    await retry('e1');
    const nested = await client.history('e1');
    expect(nested.branches).toEqual([
      { turnId: secondTurn.id, index: 0, count: 2 },
      { turnId: nested.turns.at(-1)!.id, index: 1, count: 2 },
    ]);
    const other = await branch('e1', secondTurn.id, 1);
    expect(texts(other.turns)).toContain('user: fourth');
    expect(other.branches).toEqual([{ turnId: editedTurn.id, index: 1, count: 2 }]);
    const again = await branch('e1', editedTurn.id, 0);
    expect(again.branches).toEqual(nested.branches);
    expect(again.turns.map((turn) => turn.id)).toEqual(nested.turns.map((turn) => turn.id));
  });

  it('feedback reaches the onFeedback hook, with the turn rated', async () => {
    await client.run('f1', { text: 'rate me' });
    const reply = (await client.history('f1')).turns[1]!;
    const response = await client.request('/sessions/f1/feedback', post({ turnId: reply.id, rating: 'down', comment: '  too short  ' }));
    expect(response.status).toBe(200);
    expect((await response.json()) as FeedbackResponse).toEqual({ received: true });
    const given = feedback.at(-1)!;
    expect(given).toMatchObject({ sessionId: 'f1', turnId: reply.id, rating: 'down', comment: 'too short', turn: reply });
    expect(given.principal).toEqual(expect.any(String));

    // A reply put aside by a retry can still be rated.
    await retry('f1');
    const up = await client.request('/sessions/f1/feedback', post({ turnId: reply.id, rating: 'up' }));
    expect(up.status).toBe(200);
    expect(feedback.at(-1)).toMatchObject({ turnId: reply.id, rating: 'up' });
    expect(feedback.at(-1)!.comment).toBeUndefined();
  });

  it('answers 4xx naming the field for bad input, and a stranger as for an id nobody used', async () => {
    await client.run('b1', { text: 'one' });
    const { turns } = await client.history('b1');
    const reply = turns[1]!;
    expect(await errorOf(await client.send('b1', { text: 'x', editOf: reply.id }))).toMatchObject({ status: 400, code: 'invalid_request', field: 'editOf' });
    expect(await errorOf(await client.send('b1', { text: 'x', editOf: 'nope' }))).toMatchObject({ status: 404, code: 'not_found', field: 'editOf' });
    expect(await errorOf(await client.send('b1', { text: 'x', editOf: turns[0]!.id, retryOf: turns[0]!.id }))).toMatchObject({ status: 400, field: 'editOf' });
    expect(await errorOf(await client.request('/sessions/b1/feedback', post({ turnId: 'nope', rating: 'up' })))).toMatchObject({ status: 404, field: 'turnId' });
    expect(await errorOf(await client.request('/sessions/b1/feedback', post({ turnId: reply.id, rating: 'meh' })))).toMatchObject({ status: 400, field: 'rating' });
    expect(await errorOf(await client.request('/sessions/b1/branch', post({ turnId: reply.id, index: 1 })))).toMatchObject({ status: 404, field: 'turnId' });
    expect(await errorOf(await client.request('/sessions/b1/branch', post({ turnId: reply.id, index: -1 })))).toMatchObject({ status: 400, field: 'index' });
    expect(await errorOf(await client.request('/sessions/none/retry', post({})))).toMatchObject({ status: 404, field: 'sessionId' });
    // Nothing changed by the refusals.
    expect((await client.history('b1')).turns).toEqual(turns);

    // Someone else's id: the same answer as an id nobody used, for every action (the stranger has no session "b1").
    const stranger = agentClient(server.url);
    const actions = (id: string) => [
      () => stranger.request(`/sessions/${id}/retry`, post({})),
      () => stranger.request(`/sessions/${id}/feedback`, post({ turnId: reply.id, rating: 'up' })),
      () => stranger.send(id, { text: 'x', editOf: turns[0]!.id }),
      () => stranger.request(`/sessions/${id}/branch`, post({ turnId: reply.id, index: 0 })),
    ];
    const [onB1, onUnused] = [actions('b1'), actions('b-unused')];
    for (const [index, action] of onB1.entries()) {
      const [owned, unused] = [await errorOf(await action()), await errorOf(await onUnused[index]!())];
      expect(owned.status).toBe(404);
      expect({ ...owned, message: owned.message.replace('b1', 'ID') }).toEqual({ ...unused, message: unused.message.replace('b-unused', 'ID') });
    }
    expect((await client.history('b1')).turns).toEqual(turns);
  });
});

describe('message actions while a run is in flight', () => {
  let server: RunningServer;
  let release: () => void = () => {};
  beforeAll(async () => {
    const model = scriptedModel(({ text }) => (text === 'slow' ? [[{ delayMs: 60_000 }, { text: 'late' }]] : [[{ text: `ok: ${text}` }]]));
    server = await serveApp(createAgentChat({ model, secret: 'message-actions-test-secret-0123456789abcdef' }));
  });
  afterAll(async () => {
    release();
    await server.close();
  });

  it('refuses a retry, an edit and a switch with 409 while the reply streams, and feedback still goes', async () => {
    const client = agentClient(server.url);
    await client.run('busy', { text: 'first' });
    const { turns } = await client.history('busy');
    const abort = new AbortController();
    const streaming = await client.send('busy', { text: 'slow' }, { signal: abort.signal });
    release = () => abort.abort();
    expect(streaming.status).toBe(200);
    expect((await errorOf(await client.request('/sessions/busy/retry', post({})))).status).toBe(409);
    expect((await errorOf(await client.send('busy', { text: 'x', editOf: turns[0]!.id }))).status).toBe(409);
    expect((await errorOf(await client.request('/sessions/busy/branch', post({ turnId: turns[1]!.id, index: 0 })))).status).toBe(409);
    // No hook on this server: feedback is refused, but for that reason, not the run.
    const rated = await errorOf(await client.request('/sessions/busy/feedback', post({ turnId: turns[1]!.id, rating: 'up' })));
    expect(rated).toMatchObject({ status: 404, code: 'not_found' });
    expect(rated.field).toBeUndefined();
    await client.cancel('busy');
    await readAgentEvents(streaming);
  });

  it('retry with no message yet is a 409', async () => {
    const client = agentClient(server.url);
    await client.importRaw('empty', { turns: [] });
    expect(await errorOf(await client.request('/sessions/empty/retry', post({})))).toMatchObject({ status: 409, field: 'sessionId' });
  });
});

describe('message actions and the session caps', () => {
  it('counts the alternatives put aside: a retry or an edit past the cap is a 409 session_full', async () => {
    const model = scriptedModel(({ text }) => [[{ text: `ok: ${text}` }]]);
    const server = await serveApp(createAgentChat({ model, secret: 'message-actions-test-secret-0123456789abcdef', limits: { sessionTurns: 4 } }));
    try {
      const client = agentClient(server.url);
      await client.run('capped', { text: 'one' });
      // The path stays two turns; each retry puts one more aside: 3 turns in all, then 4, the cap.
      for (let retries = 0; retries < 2; retries++) {
        const response = await client.request('/sessions/capped/retry', post({}));
        expect(response.status).toBe(200);
        await readAgentEvents(response);
      }
      const { turns, branches } = await client.history('capped');
      expect(turns).toHaveLength(2);
      expect(branches).toEqual([{ turnId: turns[1]!.id, index: 2, count: 3 }]);
      expect(await errorOf(await client.request('/sessions/capped/retry', post({})))).toMatchObject({ status: 409, code: 'session_full', field: 'sessionId' });
      expect(await errorOf(await client.send('capped', { text: 'x', editOf: turns[0]!.id }))).toMatchObject({ status: 409, code: 'session_full', field: 'editOf' });
      expect((await client.history('capped')).turns).toEqual(turns);
    } finally {
      await server.close();
    }
  });
});

describe('message actions and calls waiting for an answer', () => {
  it('puts a reply aside with the confirmation it waits for, and brings the confirmation back with it', async () => {
    const deleted: string[] = [];
    const deleteItem = defineTool({
      name: 'delete_item',
      description: 'Delete an item',
      kind: 'write',
      input: z.object({ id: z.string() }),
      needsConfirmation: true,
      execute: ({ id }) => {
        deleted.push(id);
        return { deleted: id };
      },
    });
    let tries = 0;
    // Each try asks to delete another item, so the versions are told apart; after the answer, it says so.
    const model = scriptedModel(() => [[{ tool: 'delete_item', input: { id: `F-${++tries}` } }], [{ text: 'Done.' }]]);
    const server = await serveApp(createAgentChat({ model, tools: [deleteItem], secret: 'message-actions-test-secret-0123456789abcdef' }));
    try {
      const client = agentClient(server.url);
      const first = await client.run('waits', { text: 'delete something' });
      expect(first.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
      const waiting = await client.history('waits');
      expect(waiting.pending.map((call) => call.input)).toEqual([{ id: 'F-1' }]);

      // A retry instead of an answer: the new try waits for its own confirmation, the first's is put aside with it.
      const retried = await readAgentEvents(await client.request('/sessions/waits/retry', post({})));
      expect(retried.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
      const second = await client.history('waits');
      expect(second.pending.map((call) => call.input)).toEqual([{ id: 'F-2' }]);
      const back = await (await client.request('/sessions/waits/branch', post({ turnId: second.branches![0]!.turnId, index: 0 }))).json() as SessionResponse;
      expect(back.pending.map((call) => call.input)).toEqual([{ id: 'F-1' }]);
      expect(back.turns).toEqual(waiting.turns);

      // Answered there, it runs as it would have, and the history the model gets stays whole.
      const done = await client.resume('waits', { decisions: [{ toolCallId: back.pending[0]!.toolCallId, action: 'approve' }] });
      expect(done.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
      expect(deleted).toEqual(['F-1']);
      const after = await client.history('waits');
      expect(after.pending).toEqual([]);
      expect(texts(after.turns)).toEqual(['user: delete something', 'tool_call', 'tool_result', 'assistant: Done.']);
    } finally {
      await server.close();
    }
  });
});
