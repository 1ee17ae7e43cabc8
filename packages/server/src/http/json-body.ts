import { describeIssues } from '@agent-chat/protocol';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import type { AgentChatEnv } from './env.js';
import { errorJson, invalidRequest } from './errors.js';
import { exceedsJsonDepth } from './json-depth.js';
import { arrayLimitIssue, type ArrayLimits } from './array-limits.js';
import { readBodyText } from './body-limit.js';
import type { Limits } from '../limits.js';

export interface JsonBodyOptions<S extends z.ZodType> {
  /** What an empty body means, for a route whose body is optional (a plain Stop). Default: an empty body is a 400. */
  empty?: z.input<S>;
}

/**
 * Parse and check a JSON body against a schema; a 400 names the first bad fields (a handful at most). The content
 * type was checked before (requireJson); the nesting depth is checked here, before parsing, and the arrays' counts
 * (`arrays` names those with a limit of their own) after parsing and before validating, so what a bad body costs
 * is bounded by the limits, not by its size.
 */
export function jsonBody<S extends z.ZodType>(schema: S, limits: Limits, arrays: ArrayLimits = {}, options: JsonBodyOptions<S> = {}) {
  const maxDepth = limits.jsonDepth;
  return createMiddleware<AgentChatEnv & { Variables: { body: z.output<S> } }>(async (c, next) => {
    const read = await readBodyText(c, limits.bodyBytes);
    if ('refused' in read) return read.refused;
    const { text } = read;
    if (exceedsJsonDepth(text, maxDepth)) {
      return errorJson(c, 400, 'invalid_request', `body: nested deeper than ${maxDepth} levels`, { field: 'body' });
    }
    let value: unknown;
    try {
      value = text.trim() === '' ? undefined : JSON.parse(text);
    } catch (error) {
      return errorJson(c, 400, 'invalid_request', `body: not valid JSON (${(error as Error).message})`, { field: 'body' });
    }
    if (value === undefined) value = options.empty;
    if (value === undefined) {
      return errorJson(c, 400, 'invalid_request', 'body: a JSON object is required', { field: 'body' });
    }
    const tooMany = arrayLimitIssue(value, arrays, limits);
    if (tooMany) return invalidRequest(c, [tooMany]);
    const parsed = schema.safeParse(value);
    if (!parsed.success) return invalidRequest(c, describeIssues(parsed.error));
    c.set('body', parsed.data);
    await next();
  });
}
