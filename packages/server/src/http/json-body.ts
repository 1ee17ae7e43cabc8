import { describeIssues } from '@agent-chat/protocol';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AgentChatEnv } from './env.js';
import { errorJson, invalidRequest } from './errors.js';
import { exceedsJsonDepth } from './json-depth.js';

/**
 * Parse and check a JSON body against a schema; a 400 names the first bad field. The content type was checked
 * before (requireJson); the nesting depth is checked here, before parsing.
 */
export function jsonBody<S extends z.ZodType>(schema: S, maxDepth: number) {
  return createMiddleware<AgentChatEnv & { Variables: { body: z.output<S> } }>(async (c, next) => {
    const text = await c.req.text();
    if (exceedsJsonDepth(text, maxDepth)) {
      return errorJson(c, 400, 'invalid_request', `body: nested deeper than ${maxDepth} levels`, { field: 'body' });
    }
    let value: unknown;
    try {
      value = text.trim() === '' ? undefined : JSON.parse(text);
    } catch (error) {
      return errorJson(c, 400, 'invalid_request', `body: not valid JSON (${(error as Error).message})`, { field: 'body' });
    }
    if (value === undefined) {
      return errorJson(c, 400, 'invalid_request', 'body: a JSON object is required', { field: 'body' });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) return invalidRequest(c, describeIssues(parsed.error));
    c.set('body', parsed.data);
    await next();
  });
}
