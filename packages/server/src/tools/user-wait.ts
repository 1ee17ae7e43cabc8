/**
 * The time a call spends waiting for the user (ctx.requestInput) is the user's, not the tool's: its `timeoutMs` does
 * not run meanwhile. Kept by the call's context, which the loop makes for each call and hands to runTool.
 */
interface Wait {
  /** Requests open now (a tool may ask several at once). */
  open: number;
  /** When the first of those opened. */
  since: number;
  /** Milliseconds waited before that. */
  total: number;
  /** Told once no request is open any more (a timer that paused for the user starts again). */
  resumed: Set<() => void>;
}

const waits = new WeakMap<object, Wait>();

/** A request of this call opens: returns what closes it. */
export function startUserWait(ctx: object): () => void {
  const wait = waits.get(ctx) ?? { open: 0, since: 0, total: 0, resumed: new Set<() => void>() };
  waits.set(ctx, wait);
  if (wait.open++ === 0) wait.since = Date.now();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    if (--wait.open > 0) return;
    wait.total += Date.now() - wait.since;
    const resumed = [...wait.resumed];
    wait.resumed.clear();
    for (const listener of resumed) listener();
  };
}

/**
 * Call `listener` once the call no longer waits for the user (at once if it does not wait now); returns what stops
 * that. A timeout that does not count the user's time pauses on this rather than looking again and again.
 */
export function afterUserWait(ctx: object, listener: () => void): () => void {
  const wait = waits.get(ctx);
  if (!wait || wait.open === 0) {
    listener();
    return () => {};
  }
  const own = () => listener();
  wait.resumed.add(own);
  return () => void wait.resumed.delete(own);
}

/** How long this call has waited for the user so far, and whether it waits now. */
export function userWait(ctx: object): { ms: number; waiting: boolean } {
  const wait = waits.get(ctx);
  if (!wait) return { ms: 0, waiting: false };
  return { ms: wait.total + (wait.open > 0 ? Date.now() - wait.since : 0), waiting: wait.open > 0 };
}
