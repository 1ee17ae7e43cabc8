import { ModelError } from '../model/model.js';

/**
 * The model's events, ended with a `model_timeout` ModelError when none arrives for `idleMs`. `onIdle` runs first
 * (it aborts the model's request, so its socket is not left open). Any model gets this, whatever its provider.
 *
 * Only the time spent waiting for the model counts, not the time the caller holds an event. One timer serves many
 * events: it is set when a wait begins and none is pending, and when it fires early (the wait it was set for has
 * ended) it looks again at the wait in progress. A timer and a Promise.race per event cost a tenth of a busy
 * server's CPU, and with many streams their leftovers lived long enough to fill the old generation.
 */
export async function* untilIdle<T>(events: AsyncIterable<T>, idleMs: number, onIdle: () => void): AsyncGenerator<T> {
  const iterator = events[Symbol.asyncIterator]();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingSince = 0;
  /** Ends the wait in progress as idle; undefined while no wait is. */
  let idle: ((value: 'idle') => void) | undefined;
  const check = () => {
    timer = undefined;
    if (!idle) return;
    const quietFor = Date.now() - waitingSince;
    if (quietFor >= idleMs) idle('idle');
    else timer = setTimeout(check, idleMs - quietFor);
  };
  try {
    while (true) {
      waitingSince = Date.now();
      timer ??= setTimeout(check, idleMs);
      const next = await new Promise<IteratorResult<T> | 'idle'>((resolve, reject) => {
        idle = resolve;
        iterator.next().then(resolve, reject);
      });
      idle = undefined;
      if (next === 'idle') {
        onIdle();
        // The model's own cleanup may wait on a socket that is gone; it is not waited for.
        void iterator.return?.()?.catch?.(() => {});
        throw new ModelError(`The model sent nothing for ${Math.round(idleMs / 1000)} s, so the reply was abandoned. Try again.`, {
          code: 'model_timeout',
        });
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    idle = undefined;
    clearTimeout(timer);
  }
}
