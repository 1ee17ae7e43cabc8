import type { ErrorCode, ErrorResponse, FieldIssue } from '@agent-chat/protocol';
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

export function invalidRequest(c: Context, issues: FieldIssue[]) {
  const first = issues[0] ?? { field: 'body', message: 'body: invalid request' };
  return errorJson(c, 400, 'invalid_request', first.message, { field: first.field, issues });
}
