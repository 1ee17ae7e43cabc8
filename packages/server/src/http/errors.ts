import { boundIssues, type ErrorCode, type ErrorResponse, type FieldIssue } from '@agent-chat/protocol';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export function errorJson(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  extra: { field?: string; issues?: FieldIssue[] } = {},
) {
  const body: ErrorResponse = { error: { code, message, ...extra } };
  return c.json(body, status);
}

/** A 400 naming the first bad fields: a handful at most, each cut short, so the answer stays under 4 KB. */
export function invalidRequest(c: Context, issues: readonly FieldIssue[]) {
  const bounded = boundIssues(issues);
  const first = bounded[0] ?? { field: 'body', message: 'body: invalid request' };
  return errorJson(c, 400, 'invalid_request', first.message, { field: first.field, issues: bounded });
}
