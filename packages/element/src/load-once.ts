/**
 * `load` run once (with the first caller's arguments), its promise shared by every caller; a failed load (a chunk unreachable: offline, a server
 * that does not serve chunks/) is forgotten, so the next call tries again.
 */
export function retryable<A extends unknown[], T>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let loading: Promise<T> | undefined;
  return (...args) =>
    (loading ??= load(...args).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** Resolves after the browser has painted and gone idle (or within a second): for what the first paint does not need. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/** Resolves with `value` in a task of its own, after what the current task holds (a long render, a request to send). */
export const nextTask = <T>(value: T): Promise<T> => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
