/**
 * Lets other work in: a model that yields tokens back to back would otherwise run a whole turn in microtasks, and
 * every other stream on the instance would wait for it.
 *
 * The time slice belongs to the event loop, not to a run: all runs of the process share one, and a run that finds it
 * spent waits in one queue, first in first out. Each macrotask wakes only the queue's head, which starts a new slice.
 * A slice per run was not enough: the runs that had yielded all woke in the same timers phase and each took its own
 * 4 ms there, so no socket was served for seconds (1,000 streams: the loop stood still for 3 s of a 4 s run).
 */
export function pacer(sliceMs = 4): () => Promise<void> | undefined {
  return () => {
    if (performance.now() - sliceStart < sliceMs) return undefined;
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      wakeSoon();
    });
  };
}

/** When the current slice began: when the last run was woken. */
let sliceStart = performance.now();
let wakeScheduled = false;

/** A FIFO without Array#shift, which moves every element once the queue is long. */
const waiting = {
  items: [] as ((() => void) | undefined)[],
  head: 0,
  get size() {
    return this.items.length - this.head;
  },
  push(item: () => void) {
    this.items.push(item);
  },
  take(): (() => void) | undefined {
    const item = this.items[this.head];
    if (item === undefined) return undefined;
    this.items[this.head++] = undefined;
    // Drop the taken half now and then, so the array does not grow for as long as the queue is never empty.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  },
};

// setImmediate runs after the poll phase (sockets first) and, unlike setTimeout(0), without a 1 ms floor; runtimes
// without it get the timer.
const nextMacrotask: (callback: () => void) => void =
  typeof globalThis.setImmediate === 'function' ? (callback) => globalThis.setImmediate(callback) : (callback) => setTimeout(callback, 0);

function wakeSoon() {
  if (wakeScheduled) return;
  wakeScheduled = true;
  nextMacrotask(wakeOne);
}

function wakeOne() {
  wakeScheduled = false;
  sliceStart = performance.now();
  // The woken run goes on in the microtasks right after this callback; the next one waits for the next macrotask.
  waiting.take()?.();
  if (waiting.size > 0) wakeSoon();
}
