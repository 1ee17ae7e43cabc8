// Work that fits in the page's idle periods, a piece at a time.
/** What an idle period gives the work done in it: how much of it is left (ms). */
export interface IdleTime {
  timeRemaining(): number;
  /** Called because its timeout passed, not in an idle period (or on a page that cannot tell). */
  readonly didTimeout: boolean;
}

/**
 * Calls `work` in the page's next idle period (requestIdleCallback; where there is none, a short period after a
 * task), `timeout` ms at the latest if given. Returns what cancels it.
 */
export function inIdlePeriod(work: (idle: IdleTime) => void, timeout?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, timeout === undefined ? undefined : { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => {
    const end = performance.now() + FALLBACK_IDLE_MS;
    work({ timeRemaining: () => Math.max(0, end - performance.now()), didTimeout: true });
  }, 50);
  return () => clearTimeout(handle);
}

/** The idle period a page without requestIdleCallback is given (ms): half a frame. */
const FALLBACK_IDLE_MS = 8;
