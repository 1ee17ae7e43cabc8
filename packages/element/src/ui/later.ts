// Two ways to put work off, for what the shell's first paint and its long tasks should not wait behind.

/** Resolves after the browser has painted and gone idle (or within a second): for what the first paint does not need. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/** Resolves with `value` in a task of its own, after what the current task holds (a long render, a request to send). */
export const nextTask = <T>(value: T): Promise<T> => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

