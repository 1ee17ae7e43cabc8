/**
 * Runs tasks one at a time, in order. The persona store's changes touch several files (a new test input and the
 * persona that links it), and the agent and the editor may change the same persona at once: one queue keeps each
 * change whole without file locks.
 */
export function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
