import type { RunAgentInput } from '@ag-ui/core';
import { AgentHttpError } from '../http-error.js';

/** An AG-UI run the agent has answered with its event stream. */
export interface PostedRun {
  input: RunAgentInput;
  body: ReadableStream<Uint8Array>;
  /** Aborts this run's request (Stop). */
  own: AbortController;
}

/**
 * A run that ended at input requests while its calls go on waiting on the agent: the element's stream of it stays
 * open, as the element's own server keeps a run's stream open while a card waits, until the run that answers them
 * (`hand`) goes on in it. Stop (`own` aborted) or leaving the conversation (`signal`) ends the wait with nothing.
 */
export class WaitingRun {
  /** The conversation's run: an answer's request is aborted with it. */
  readonly signal: AbortSignal;
  /** The answering run, or undefined when the wait was given up. */
  readonly next: Promise<PostedRun | undefined>;
  #resolve!: (run: PostedRun | undefined) => void;

  constructor(own: AbortSignal, signal: AbortSignal) {
    this.signal = signal;
    this.next = new Promise((resolve) => (this.#resolve = resolve));
    const giveUp = () => this.#resolve(undefined);
    for (const each of [own, signal]) {
      if (each.aborted) giveUp();
      else each.addEventListener('abort', giveUp, { once: true });
    }
  }

  hand(run: PostedRun): void {
    this.#resolve(run);
  }
}

/**
 * The waiting run of each thread. A card is drawn as its request's event arrives, a moment before the run that asked
 * ends at its interrupt: an answer given in that moment waits for the run to start waiting (`next`), rather than being
 * refused, while the thread's stream is read (from `reading` to `over`).
 */
export class WaitingRuns<Thread extends object> {
  #runs = new WeakMap<Thread, WaitingRun>();
  #arriving = new WeakMap<Thread, Array<(run: WaitingRun | undefined) => void>>();
  /** How many of the thread's streams are being read (a new message's may start as an old one ends). */
  #reading = new WeakMap<Thread, number>();

  /** A stream of the thread is being read: a run of it may yet wait. */
  reading(thread: Thread): void {
    this.#reading.set(thread, (this.#reading.get(thread) ?? 0) + 1);
  }

  set(thread: Thread, run: WaitingRun): void {
    this.#runs.set(thread, run);
    this.#tell(thread, run);
  }

  /** Takes the thread's waiting run, so that a second answer waits for the run this one starts. */
  take(thread: Thread): WaitingRun | undefined {
    const run = this.#runs.get(thread);
    this.#runs.delete(thread);
    return run;
  }

  /** Puts back a run taken for an answer the agent refused, unless another took its place. */
  putBack(thread: Thread, run: WaitingRun): void {
    if (!this.#runs.has(thread)) this.set(thread, run);
  }

  /** Ends the wait of `run` (answered, stopped or given up). */
  end(thread: Thread, run: WaitingRun): void {
    if (this.#runs.get(thread) === run) this.#runs.delete(thread);
  }

  /** The run that waits next on the thread's stream, or undefined once that stream ends. */
  next(thread: Thread): Promise<WaitingRun | undefined> {
    return new Promise((resolve) => {
      if (!this.#reading.get(thread)) return resolve(undefined);
      this.#arriving.set(thread, [...(this.#arriving.get(thread) ?? []), resolve]);
    });
  }

  /** A stream of the thread has ended: once none is read, nothing waits on them any more. */
  over(thread: Thread): void {
    const left = (this.#reading.get(thread) ?? 1) - 1;
    this.#reading.set(thread, left);
    if (left === 0) this.#tell(thread, undefined);
  }

  #tell(thread: Thread, run: WaitingRun | undefined): void {
    const list = this.#arriving.get(thread);
    this.#arriving.delete(thread);
    for (const resolve of list ?? []) resolve(run);
  }
}

/**
 * A refused answer as the element's route words it: the agent names the field by its place in the resume
 * (`resume.0.payload.content.email`), the card knows a form's field as `content.email`.
 */
export function asRouteError(error: unknown): unknown {
  if (!(error instanceof AgentHttpError) || !error.field) return error;
  const strip = (text: string) => text.replace(/\bresume\.\d+\.payload\./g, '');
  return new AgentHttpError(error.status, strip(error.message), error.code, strip(error.field));
}
