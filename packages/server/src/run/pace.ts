/**
 * Lets other work in: a model that yields tokens back to back would otherwise run a whole turn in microtasks, and
 * every other stream on the instance would wait for it. After `sliceMs` of uninterrupted work, the run waits one
 * macrotask.
 */
export function pacer(sliceMs = 4): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        since = performance.now();
        resolve();
      }, 0),
    );
  };
}
