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
}

const waits = new WeakMap<object, Wait>();

/** A request of this call opens: returns what closes it. */
export function startUserWait(ctx: object): () => void {
  const wait = waits.get(ctx) ?? { open: 0, since: 0, total: 0 };
  waits.set(ctx, wait);
  if (wait.open++ === 0) wait.since = Date.now();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    if (--wait.open === 0) wait.total += Date.now() - wait.since;
  };
}

/** How long this call has waited for the user so far, and whether it waits now. */
export function userWait(ctx: object): { ms: number; waiting: boolean } {
  const wait = waits.get(ctx);
  if (!wait) return { ms: 0, waiting: false };
  return { ms: wait.total + (wait.open > 0 ? Date.now() - wait.since : 0), waiting: wait.open > 0 };
}
