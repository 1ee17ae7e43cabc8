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
 * A refused answer as the element's route words it: the agent names the field by its place in the resume
 * (`resume.0.payload.content.email`), the card knows a form's field as `content.email`.
 */
export function asRouteError(error: unknown): unknown {
  if (!(error instanceof AgentHttpError) || !error.field) return error;
  const strip = (text: string) => text.replace(/\bresume\.\d+\.payload\./g, '');
  return new AgentHttpError(error.status, strip(error.message), error.code, strip(error.field));
}
