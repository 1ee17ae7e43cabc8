import { ModelError } from '../model/model.js';

/**
 * The model's events, ended with a `model_timeout` ModelError when none arrives for `idleMs`. `onIdle` runs first
 * (it aborts the model's request, so its socket is not left open). Any model gets this, whatever its provider.
 */
export async function* untilIdle<T>(events: AsyncIterable<T>, idleMs: number, onIdle: () => void): AsyncGenerator<T> {
  const iterator = events[Symbol.asyncIterator]();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    while (true) {
      const idle = new Promise<'idle'>((resolve) => {
        timer = setTimeout(() => resolve('idle'), idleMs);
      });
      const next = await Promise.race([iterator.next(), idle]);
      clearTimeout(timer);
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
    clearTimeout(timer);
  }
}
