/**
 * Waiting for what the element does asynchronously, by condition rather than by fixed sleeps. The default bound only
 * catches a hang: 20 s, since 5 s is within reach of a real run on a loaded 2-core machine (issue 31).
 */
const DEFAULT_TIMEOUT = 20_000;

export interface WaitOptions {
  timeout?: number;
  /** Said in the failure, so a timeout names what never happened. */
  message?: string;
}

/** Resolves with the condition's first truthy value; polls every animation frame until the timeout. */
export async function waitFor<T>(condition: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const started = performance.now();
  for (;;) {
    const value = condition();
    if (value) return value;
    if (performance.now() - started > timeout) {
      throw new Error(`Timed out after ${timeout} ms waiting for ${options.message ?? 'a condition'}`);
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** The next `type` event on `target` (optionally the next that matches), or a rejection after the timeout. */
export function nextEvent<E extends Event = CustomEvent>(
  target: EventTarget,
  type: string,
  options: WaitOptions & { filter?: (event: E) => boolean } = {},
): Promise<E> {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeEventListener(type, listener);
      reject(new Error(`Timed out after ${timeout} ms waiting for the ${type} event${options.message ? `: ${options.message}` : ''}`));
    }, timeout);
    function listener(event: Event) {
      if (options.filter && !options.filter(event as E)) return;
      clearTimeout(timer);
      target.removeEventListener(type, listener);
      resolve(event as E);
    }
    target.addEventListener(type, listener);
  });
}
