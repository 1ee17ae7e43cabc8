// One instance of a multi-instance deployment, in its own process: `node --conditions=agent-chat-source --import tsx
// redis-instance.ts` serves an agent whose sessions, run lock, Stop and events are in the Redis at REDIS_URL, and
// whose model is the Messages API at ANTHROPIC_FAKE_URL (the test's validating fake). It prints its URL. Instances
// started with the same REDIS_URL and AGENT_CHAT_SECRET are one app to a browser, as behind a load balancer.
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineSubagent, defineTool } from '../../src/index.js';
import { redisCoordination } from '../../src/redis.js';
import { FAKE_ANTHROPIC_API_KEY } from '../../src/testing/fake-anthropic.js';
import { serveApp } from '../../src/testing/serve-app.js';
import { addNote } from './add-note-tool.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`redis-instance: ${name} is not set`);
  return value;
}

const redisUrl = required('REDIS_URL');
const fakeUrl = required('ANTHROPIC_FAKE_URL');
required('AGENT_CHAT_SECRET');
// Short in the tests, so that a killed instance's lock expires soon.
const lockMs = Number(process.env['LOCK_MS'] ?? 15_000);

/** Slow enough that a kill lands while it runs. */
const work = defineTool({
  name: 'work',
  description: 'Do a long unit of work',
  input: z.object({ n: z.number() }),
  execute: async ({ n }, { status, signal }) => {
    status(`Working on unit ${n}`);
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 3_000);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)), { once: true });
    });
    return `unit ${n} done`;
  },
});

/** A sub-agent that does one unit of work (issue 34): one of its branches is stopped from another instance. */
const investigate = defineSubagent({
  name: 'investigate',
  description: 'Investigate one unit of work',
  input: z.object({ n: z.number() }),
  prompt: ({ n }) => `Investigate unit ${n}`,
  system: 'You investigate one unit of work.',
  tools: [work],
});

const shared = redisCoordination({ url: redisUrl, coordinator: { lockMs } });
const app = createAgentChat({
  model: anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fakeUrl }),
  tools: [work, addNote, investigate],
  store: shared.store,
  coordinator: shared.coordinator,
  events: shared.events,
});
const server = await serveApp(app);

process.once('SIGTERM', () => {
  void Promise.all([server.close(), shared.close()]).finally(() => process.exit(0));
});
console.log(server.url);
