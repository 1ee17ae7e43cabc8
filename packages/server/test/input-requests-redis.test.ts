// Input requests across instances (issue 35.2): two apps share one real redis-server, each with its own
// redisCoordination (its own connections, subscriber and instance id), as two processes behind a load balancer would.
// The run asks on A; the answer may come to either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { redisCoordination, type RedisCoordination } from '../src/redis.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { answer, askTool, watchRun } from './support/input-request-run.js';
import { redisSkipReason, startRedisServer, type RedisServer } from './support/redis-server.js';

const skip = redisSkipReason('input-requests-redis.test.ts');
const model = scriptedModel([[{ tool: 'ask_user', input: {} }], [{ text: 'Done.' }]]);
const VALID = { name: 'Ada', email: 'ada@example.com' };

let redis: RedisServer;
const coordinations: RedisCoordination[] = [];
const servers: RunningServer[] = [];
let a: AgentClient;
let b: AgentClient;

describe.skipIf(skip)('input requests over Redis, two instances', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    for (let i = 0; i < 2; i++) {
      const shared = redisCoordination({ url: redis.url, prefix: 'inputs:' });
      coordinations.push(shared);
      const app = createAgentChat({
        model,
        tools: [askTool],
        store: shared.store,
        coordinator: shared.coordinator,
        events: shared.events,
        authorize: (c) => c.req.header('x-user') ?? null,
      });
      servers.push(await serveApp(app));
    }
    a = agentClient(servers[0]!.url, { headers: { 'x-user': 'ann' } });
    b = agentClient(servers[1]!.url, { headers: { 'x-user': 'ann' } });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const shared of coordinations) await shared.close();
    await redis?.stop();
  });

  it('asked by a run on A, answered on B: the tool on A gets the answer', async () => {
    const run = watchRun(a, 'a-to-b', 'ask');
    const { requestId } = await run.next('input_request');
    // B reads the request from the shared store.
    expect((await b.history('a-to-b')).inputRequests).toMatchObject([{ requestId }]);
    const response = await answer(b, 'a-to-b', requestId, { action: 'accept', content: VALID });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ request: { requestId, answer: { action: 'accept', content: VALID, by: 'user' } } });
    const events = await run.done;
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ isError: false, output: { answer: { action: 'accept', content: VALID, by: 'user' } } });
    expect((await b.history('a-to-b')).inputRequests![0]!.answer).toEqual({ action: 'accept', content: VALID, by: 'user' });
    // B's later answer finds it answered.
    expect((await answer(b, 'a-to-b', requestId, { action: 'decline' })).status).toBe(409);
  });

  it('two answers at once, one on each instance: one 200 and one 409, and the tool gets the one taken', async () => {
    const run = watchRun(a, 'race', 'ask');
    const { requestId } = await run.next('input_request');
    const [onA, onB] = await Promise.all([
      answer(a, 'race', requestId, { action: 'accept', content: VALID }),
      answer(b, 'race', requestId, { action: 'decline' }),
    ]);
    expect([onA.status, onB.status].sort()).toEqual([200, 409]);
    const taken = onA.status === 200 ? { action: 'accept', content: VALID, by: 'user' } : { action: 'decline', by: 'user' };
    const loser = onA.status === 200 ? onB : onA;
    expect(await loser.json()).toMatchObject({ error: { code: 'conflict' } });
    const events = await run.done;
    const answered = events.filter((event) => event.data.type === 'input_answered');
    expect(answered.map((event) => event.data)).toMatchObject([{ requestId, answer: taken }]);
    expect(events.find((event) => event.data.type === 'tool_result')?.data).toMatchObject({ output: { answer: taken } });
  });

  it('Stop sent to B answers the request on A with cancel (by: stopped)', async () => {
    const run = watchRun(a, 'stop-on-b', 'ask');
    const { requestId } = await run.next('input_request');
    expect(await (await b.cancel('stop-on-b')).json()).toEqual({ cancelled: true });
    expect(await run.next('input_answered')).toMatchObject({ requestId, answer: { action: 'cancel', by: 'stopped' } });
    expect((await run.done).at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect((await answer(b, 'stop-on-b', requestId, { action: 'decline' })).status).toBe(409);
  });
});
