import type { RunStartedEvent, UserTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModel, createAgentChat, scriptedModel, type Model } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// Errors you can act on (issue #20, point 7): Retry sends the failed turn again. The server runs the agent again
// for the stored message (`retryOf`) instead of storing it twice, and the model is asked for the reply again rather
// than shown the words a failure cut off.

const TIMEOUT = 'The model sent nothing for 60 s, so the reply was abandoned. Try again.';

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Here is the summary.' }] }) });
  const claude = anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL });
  // The first try of a conversation breaks after a few words; after that Claude (the fake API) answers.
  const failing = scriptedModel([[{ text: 'Partial ' }, { error: TIMEOUT }]]);
  const model: Model = {
    name: 'fails once, then claude',
    stream: (request) => (request.turns.some((turn) => turn.type === 'error') ? claude : failing).stream(request),
  };
  server = await serveApp(createAgentChat({ model }));
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
const client = () => sameBrowser(server.url);
const started = (events: ReceivedEvent[]) => events.find((event) => event.data.type === 'run_started')!.data as RunStartedEvent;
const userTurns = async (sessionId: string) => (await client().history(sessionId)).turns.filter((turn): turn is UserTurn => turn.type === 'user');

describe('a retry of the last message', () => {
  it('runs the failed turn again for the stored message, which is stored once', async () => {
    const failed = await client().run('r1', { text: 'Summarize the quarter' });
    expect(failed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'error' });
    const userTurnId = started(failed).userTurnId!;

    const retried = await client().run('r1', { text: 'Summarize the quarter', retryOf: userTurnId });
    // The same turn goes on: the stream names it, so a client keeps its one copy of the message.
    expect(started(retried)).toMatchObject({ resumed: false, userTurnId });
    expect(retried.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const { turns } = await client().history('r1');
    // The failed try stays, as it happened; the message is there once.
    expect(turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text', 'error', 'assistant_text']);
    expect(turns.map((turn) => ('text' in turn ? turn.text : turn.type === 'error' ? turn.message : ''))).toEqual([
      'Summarize the quarter',
      'Partial ',
      TIMEOUT,
      'Here is the summary.',
    ]);
  });

  it('asks the model for the reply again: the request ends with the message, not with the words the failure cut off', async () => {
    const failed = await client().run('r2', { text: 'Summarize the quarter' });
    const before = fake.requests.length;
    await client().run('r2', { text: 'Summarize the quarter', retryOf: started(failed).userTurnId });
    expect(fake.requests).toHaveLength(before + 1);
    expect(fake.requests[before]!['messages']).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Summarize the quarter' }] }]);

    // Later on, the answer that the retry gave stands for that turn, not glued to the words cut off before it.
    await client().run('r2', { text: 'Thanks' });
    expect(fake.requests.at(-1)!['messages']).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Summarize the quarter' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Here is the summary.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('sends the message as new when the session does not hold that id (the first try never reached the server)', async () => {
    const events = await client().run('r3', { text: 'Hello', retryOf: 'local-user-never-stored' });
    expect(started(events).userTurnId).not.toBe('local-user-never-stored');
    expect((await userTurns('r3')).map((turn) => [turn.id, turn.text])).toEqual([[started(events).userTurnId, 'Hello']]);
  });

  it('refuses a retry of an earlier message with 409: the conversation has moved on', async () => {
    const first = await client().run('r4', { text: 'First' });
    await client().run('r4', { text: 'Second' });
    const response = await client().send('r4', { text: 'First', retryOf: started(first).userTurnId });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'conflict', field: 'retryOf' } });
    expect((await userTurns('r4')).map((turn) => turn.text)).toEqual(['First', 'Second']);
    // The refusal released the session: the next message runs.
    expect((await client().run('r4', { text: 'Third' })).at(-1)!.data).toMatchObject({ type: 'done' });
  });
});
