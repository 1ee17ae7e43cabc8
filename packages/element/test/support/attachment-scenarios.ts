// The agent server scenario for files from the user (issue #21, point 2): `/api/attachments` takes uploads and runs
// anthropicModel, through the real @anthropic-ai/sdk, against the fake Messages API (startFakeAnthropic), which
// answers with the kinds of content blocks it received, and keeps every request for the test to read
// (MODEL_REQUESTS_PATH). Who calls is the `x-test-user` header, as in the thread scenario.
import Anthropic from '@anthropic-ai/sdk';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { anthropicModel, createAgentChat, type Model } from '@agent-chat/server';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '@agent-chat/server/testing';
import { testAccess } from './test-access.js';
import { TEST_USER_HEADER } from './thread-texts.js';
import { ATTACHMENT_MAX_BYTES, MODEL_REQUESTS_PATH, blocksReply } from './attachment-texts.js';

let fake: Promise<FakeAnthropic> | undefined;

/** Started on the first request that needs it, so test runs without these tests start nothing. */
function fakeAnthropic(): Promise<FakeAnthropic> {
  fake ??= startFakeAnthropic({ replies: (body) => ({ content: [{ type: 'text', text: blocksReply(lastUserBlocks(body)) }] }) });
  return fake;
}

function lastUserBlocks(body: RecordedRequest): string[] {
  const messages = (body['messages'] ?? []) as { role: string; content: string | { type: string }[] }[];
  const last = messages.findLast((message) => message.role === 'user');
  if (!last) return [];
  return typeof last.content === 'string' ? ['text'] : last.content.map((block) => block.type);
}

/** anthropicModel, made once the fake is up (its port is known only then), with the types Anthropic reads. */
function fakeClaude(): Model {
  let model: Model | undefined;
  return {
    name: 'anthropic:claude-test',
    attachmentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
    async *stream(request) {
      const server = await fakeAnthropic();
      model ??= anthropicModel({ model: 'claude-test', client: new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL, maxRetries: 0 }) });
      yield* model.stream(request);
    },
  };
}

export function mountAttachmentScenarios(app: Hono): void {
  app.route(
    '/api/attachments',
    createAgentChat({
      ...testAccess,
      authorize: (c) => c.req.header(TEST_USER_HEADER) ?? null,
      model: fakeClaude(),
      uploads: { maxBytes: ATTACHMENT_MAX_BYTES, mediaTypes: ['image/png', 'application/pdf', 'text/plain'] },
    }),
  );
  app.use(MODEL_REQUESTS_PATH, cors());
  app.get(MODEL_REQUESTS_PATH, async (c) => c.json(fake ? (await fake).requests : []));
}

/** Stops the fake Messages API, if a test started it. */
export async function closeAttachmentScenarios(): Promise<void> {
  if (fake) await (await fake).close();
}
