import type { JsonPatchOperation } from '@ag-ui/core';

/**
 * The JSON Patch (RFC 6902) that turns `before` into `after`, for STATE_DELTA. Objects are compared key by key;
 * an array or a value of another kind that changed is replaced whole, which keeps the patch easy to apply and
 * never wrong (a minimal array diff would save bytes only for long lists that change in the middle).
 */
export function stateDiff(before: unknown, after: unknown, path = ''): JsonPatchOperation[] {
  if (isObject(before) && isObject(after)) {
    const ops: JsonPatchOperation[] = [];
    for (const key of Object.keys(before)) {
      if (!Object.hasOwn(after, key)) ops.push({ op: 'remove', path: `${path}/${escapeKey(key)}` });
    }
    for (const [key, value] of Object.entries(after)) {
      const at = `${path}/${escapeKey(key)}`;
      if (!Object.hasOwn(before, key)) ops.push({ op: 'add', path: at, value });
      else ops.push(...stateDiff(before[key], value, at));
    }
    return ops;
  }
  if (sameJson(before, after)) return [];
  return [{ op: 'replace', path, value: after }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A key as one JSON Pointer segment (RFC 6901: `~` then `/` escaped). */
function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
