import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * How many issues an error lists at most: the first ones, enough to fix a request. A list that grew with the input
 * turned a 1 MiB body of empty objects into a 43 MB answer (issue 31).
 */
export const MAX_ISSUES = 5;
/**
 * A field path is cut to this many bytes of JSON (escapes counted as sent): 64 levels of long keys, or keys of
 * control characters, would otherwise make one issue kilobytes long.
 */
const MAX_FIELD_BYTES = 150;
/** Likewise a message (it starts with its field). */
const MAX_MESSAGE_BYTES = 400;

/** A zod path as a dotted field name (`references.0.id`); the root is `body`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

/** Field-named issues of a failed parse, first one first: what a 400 tells the caller (at most MAX_ISSUES). */
export function describeIssues(error: z.ZodError): FieldIssue[] {
  return boundIssues(
    error.issues.slice(0, MAX_ISSUES).map((issue) => {
      const field = fieldPath(issue.path);
      return { field, message: `${field}: ${issue.message}` };
    }),
  );
}

/**
 * The first MAX_ISSUES issues, each cut to a bounded size: whatever the input, an error that lists them (and
 * repeats the first as its message and field) stays under 4 KB of JSON.
 */
export function boundIssues(issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.slice(0, MAX_ISSUES).map(({ field, message }) => ({ field: cut(field, MAX_FIELD_BYTES), message: cut(message, MAX_MESSAGE_BYTES) }));
}

/** `text` cut, with an ellipsis, to at most `maxBytes` bytes once written as a JSON string in UTF-8. */
function cut(text: string, maxBytes: number): string {
  let total = 0;
  for (let i = 0; i < text.length; i++) total += jsonBytes(text.charCodeAt(i));
  if (total <= maxBytes) return text;
  // Room for the ellipsis (3 bytes); never end on the first half of a surrogate pair.
  let bytes = 0;
  let end = 0;
  while (end < text.length && bytes + jsonBytes(text.charCodeAt(end)) <= maxBytes - 3) bytes += jsonBytes(text.charCodeAt(end++));
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end--;
  return `${text.slice(0, end)}…`;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** One UTF-16 unit's bytes in a JSON string: escapes as JSON.stringify writes them (a lone surrogate as \uXXXX). */
function jsonBytes(unit: number): number {
  if (unit < 0x20) return 6;
  if (unit === 0x22 || unit === 0x5c) return 2;
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  if (unit >= 0xd800 && unit <= 0xdfff) return 6;
  return 3;
}
