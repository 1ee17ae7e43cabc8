// The agent server scenario for the message actions (issue #21, point 3): `/api/actions` is the real
// anthropicModel (the real @anthropic-ai/sdk) against the fake Messages API, so a test can read what the model was
// sent (`GET /api/actions-record?mark=…`: the history of each request whose messages hold the mark), with a write
// tool and host state for undo, and an onFeedback hook whose calls the record lists too.
import Anthropic from '@anthropic-ai/sdk';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineTool, type Feedback, type Model } from '@agent-chat/server';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '@agent-chat/server/testing';
import { ACTIONS } from './message-action-texts.js';
import { testAccess } from './test-access.js';

type Message = { role: string; content: string | { type: string; text?: string; content?: unknown }[] };

/** Each message of a request as `role: text` (a tool's use and result by their type). */
function history(request: RecordedRequest): string[] {
  return (request.messages as Message[]).map(({ role, content }) => {
    const text = typeof content === 'string' ? content : content.map((block) => block.text ?? `[${block.type}]`).join('');
    return `${role}: ${text}`;
  });
}

let replies = 0;
/** The failing messages that have failed once already. */
const failed = new Set<string>();
/** Every reply says which it is, so a retried one is told apart; a message that asks for a change gets a write. */
function reply(body: RecordedRequest) {
  const messages = body.messages as Message[];
  const last = messages.at(-1)!;
  const lastText = typeof last.content === 'string' ? last.content : last.content.map((block) => block.text ?? '').join('');
  const answered = typeof last.content !== 'string' && last.content.some((block) => block.type === 'tool_result');
  if (!answered && lastText.startsWith(ACTIONS.failOncePrefix) && !failed.has(lastText)) {
    failed.add(lastText);
    return { status: 500, error: { type: 'api_error', message: 'The fake Messages API failed on purpose.' } };
  }
  if (!answered && lastText.startsWith(ACTIONS.changePrefix)) {
    return { content: [{ type: 'tool_use' as const, id: `toolu_${++replies}`, name: 'set_title', input: { title: lastText.slice(ACTIONS.changePrefix.length) } }] };
  }
  return { content: [{ type: 'text' as const, text: ACTIONS.reply(++replies, answered ? 'the change' : lastText) }] };
}

let fake: Promise<FakeAnthropic> | undefined;
/** The fake starts with the first model call, and stops with the test server (it is no reason to keep Node up). */
const model: Model = {
  name: 'fake-anthropic',
  async *stream(request) {
    const server = await (fake ??= startFakeAnthropic({ replies: reply }));
    const client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: server.baseURL, maxRetries: 0 });
    yield* anthropicModel({ model: 'claude-test-1', client }).stream(request);
  },
};

const titles = new Map<string, string>();
const setTitle = defineTool({
  name: 'set_title',
  description: 'Set the page title',
  kind: 'write',
  input: z.object({ title: z.string() }),
  execute: ({ title }, { sessionId }) => {
    titles.set(sessionId, title);
    return 'done';
  },
});

const feedback: Feedback[] = [];

export function mountMessageActionScenarios(app: Hono): void {
  app.route(
    '/api/actions',
    createAgentChat({
      ...testAccess,
      model,
      tools: [setTitle],
      state: {
        snapshot: (sessionId) => titles.get(sessionId) ?? '',
        restore: (sessionId, snapshot) => {
          titles.set(sessionId, snapshot as string);
          return { title: snapshot };
        },
      },
      onFeedback: (given) => {
        feedback.push(given);
      },
    }),
  );
  app.use('/api/actions-record', cors());
  app.get('/api/actions-record', async (c) => {
    const mark = c.req.query('mark') ?? '';
    const sessionId = c.req.query('session') ?? '';
    const requests = fake ? (await fake).requests : [];
    return c.json({
      histories: requests.map(history).filter((lines) => lines.some((line) => line.includes(mark))),
      feedback: feedback.filter((given) => given.sessionId === sessionId).map(({ turnId, rating, comment }) => ({ turnId, rating, comment })),
      title: titles.get(sessionId) ?? null,
    });
  });
}

/** Stop the fake Messages API, if a test started it. */
export async function closeMessageActionScenarios(): Promise<void> {
  await (await fake)?.close();
}
