import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  message: string;
}

/** A zod path as a dotted field name (`references.0.id`); the root is `body`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'body' : path.map(String).join('.');
}

/** Field-named issues of a failed parse, first one first: what a 400 tells the caller. */
export function describeIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const field = fieldPath(issue.path);
    return { field, message: `${field}: ${issue.message}` };
  });
}
