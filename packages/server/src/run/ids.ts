import { randomUUID } from 'node:crypto';

/** A short unique id with a prefix that says what it names (`t_` turn, `run_` run). */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}
