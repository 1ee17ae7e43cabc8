import type { FieldIssue } from '@agent-chat/protocol';
import type { Limits } from '../limits.js';

/**
 * The arrays of a request that have a count of their own: a dotted path from the body's root (`context.items`) and
 * the limit that caps it. Every other array counts only toward `limits.requestItems`.
 */
export type ArrayLimits = Readonly<Record<string, keyof Limits>>;

/**
 * The first array of a parsed body that holds more items than the server accepts, named, or undefined. It runs
 * before the body is validated: a validator reports every bad item of an array, so a 1 MiB body of 349,000 empty
 * objects cost 4.2 s and a 43 MB answer (issue 31). Counting is one pass over the value, and stops at the first
 * array over its limit or once the body's arrays together hold more than `limits.requestItems`.
 */
export function arrayLimitIssue(value: unknown, named: ArrayLimits, limits: Limits): FieldIssue | undefined {
  for (const [path, limit] of Object.entries(named)) {
    const array = at(value, path);
    if (Array.isArray(array) && array.length > limits[limit]) {
      return { field: path, message: `${path}: ${array.length} items, more than the ${limits[limit]} this server accepts` };
    }
  }
  const total = countItems(value, limits.requestItems);
  if (total > limits.requestItems) {
    return { field: 'body', message: `body: more than ${limits.requestItems} array items in all, the most this server accepts in one request` };
  }
  return undefined;
}

function at(value: unknown, path: string): unknown {
  let here = value;
  for (const key of path.split('.')) {
    if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** The items of every array in `value`, counted until the count passes `stopAbove`. The depth was checked before. */
function countItems(value: unknown, stopAbove: number): number {
  let count = 0;
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || count > stopAbove) return;
    if (Array.isArray(node)) {
      count += node.length;
      for (const item of node) visit(item);
    } else {
      for (const key in node) visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(value);
  return count;
}
