import type { InputAnsweredEvent, InputRequestEvent, StreamEvent } from '@agent-chat/protocol';
import { z } from 'zod';
import { defineTool } from '../../src/index.js';
import type { AgentClient } from '../../src/testing/agent-client.js';
import type { ReceivedEvent } from '../../src/testing/read-agent-events.js';

/** A form with a field of every kind MCP elicitation allows, and each constraint the server checks. */
export const FORM = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 10 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    born: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    height: { type: 'number', minimum: 0.5, maximum: 2.5 },
    agree: { type: 'boolean' },
    plan: { type: 'string', enum: ['free', 'pro'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
    topics: { type: 'array', items: { type: 'string', enum: ['news', 'tips'] }, minItems: 1, maxItems: 2 },
  },
  required: ['name', 'email'],
};

/**
 * A plain tool that asks the user for the form (or its `timeoutMs`'s worth of waiting) and returns the answer it got,
 * after counting tokens of a model call of its own when told to (`tokens`).
 */
export const askTool = defineTool({
  name: 'ask_user',
  description: 'Ask the user for their details',
  label: 'Asking for details',
  input: z.object({ timeoutMs: z.number().optional(), tokens: z.number().optional() }),
  // The user takes as long as they take: the tool's own timeout is not what these tests are about.
  timeoutMs: 120_000,
  execute: async ({ timeoutMs, tokens }, ctx) => {
    if (tokens) ctx.countUsage({ inputTokens: tokens, outputTokens: tokens }, 'sampler');
    const answer = await ctx.requestInput({ kind: 'form', message: 'Your details, please.', schema: FORM, ...(timeoutMs ? { timeoutMs } : {}) });
    return { answer };
  },
});

/** A run being read, with a wait for the first event of a type that satisfies `match` (seen already, or to come). */
export interface WatchedRun {
  done: Promise<ReceivedEvent[]>;
  seen: ReceivedEvent[];
  next<T extends StreamEvent['type']>(type: T, match?: (event: Extract<StreamEvent, { type: T }>) => boolean): Promise<Extract<StreamEvent, { type: T }>>;
}

export function watch(read: (onEvent: (event: ReceivedEvent) => void) => Promise<ReceivedEvent[]>): WatchedRun {
  const seen: ReceivedEvent[] = [];
  const waiters: { test: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }[] = [];
  const done = read((event) => {
    seen.push(event);
    for (const waiter of [...waiters]) {
      if (!waiter.test(event.data)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event.data);
    }
  });
  return {
    done,
    seen,
    next(type, match) {
      const test = (event: StreamEvent) => event.type === type && (!match || match(event as never));
      const found = seen.find((event) => test(event.data));
      if (found) return Promise.resolve(found.data as never);
      return Promise.race([
        new Promise<StreamEvent>((resolve) => waiters.push({ test, resolve })) as Promise<never>,
        // The run ended without it: fail the test now rather than wait for vitest's timeout.
        done.then(() => {
          throw new Error(`the run ended without a ${type} event: ${seen.map((event) => event.data.type).join(', ')}`);
        }),
      ]);
    },
  };
}

export function watchRun(client: AgentClient, sessionId: string, text: string): WatchedRun {
  return watch((onEvent) => client.run(sessionId, { text }, onEvent));
}

export function answer(client: AgentClient, sessionId: string, requestId: string, body: unknown): Promise<Response> {
  return client.request(`/sessions/${sessionId}/input-requests/${requestId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export type { InputAnsweredEvent, InputRequestEvent };
