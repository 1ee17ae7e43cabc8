import type { InputAnswer, InputRequestEvent } from '@agent-chat/protocol';
import type { RunCoordinator } from '../coordination/run-coordinator.js';
import { keepInputAnswer, openInputRequests, publicInputRequest } from '../session/input-request-record.js';
import type { StoredInputRequest } from '../session/session-record.js';
import { newId } from './ids.js';
import type { RunContext, RunInputs } from './run-context.js';

/** How long a request waits for the user before the server answers `cancel` for them: 10 minutes. */
export const DEFAULT_INPUT_REQUEST_TIMEOUT_MS = 600_000;
/**
 * At a run's end, how long a request whose answer another instance has taken (and is publishing) is waited for before
 * it is closed as `ended` anyway: the publisher may have died between the two.
 */
const END_GRACE_MS = 5_000;

interface Waiting {
  deliver(answer: InputAnswer): void;
  /** Settles once the answer is kept with the session and announced. */
  recorded: Promise<void>;
}

export interface RunInputsOptions {
  runs: RunCoordinator;
  /** The session's key (SessionRef.key) and the run: where answers are addressed. */
  key: string;
  runId: string;
  /** The wait of a request that names none. */
  timeoutMs: number;
}

export function runInputs({ runs, key, runId, timeoutMs }: RunInputsOptions): RunInputs {
  const open = new Map<string, Waiting>();
  /** The run has ended (or is ending): nobody can answer what is asked from now on. */
  let ended = false;
  const stopListening = runs.onInputAnswer(key, runId, (requestId, answer) => {
    const waiting = open.get(requestId);
    if (!waiting) return false;
    open.delete(requestId);
    waiting.deliver(answer);
    return true;
  });

  /**
   * The server's own answer (Stop, timeout, the run's end) goes through the coordinator like the user's, so exactly
   * one of them is taken. Refused: the user's answer was taken first and is on its way here. A coordinator that fails
   * (Redis gone) cannot tell: the request is answered here, as nobody else can reach this run either.
   */
  async function answerFor(requestId: string, by: InputAnswer['by']): Promise<void> {
    const answer: InputAnswer = { action: 'cancel', by };
    try {
      await runs.answerInput(key, runId, requestId, answer);
    } catch {
      const waiting = open.get(requestId);
      open.delete(requestId);
      waiting?.deliver(answer);
    }
  }

  return {
    async ask(run, toolCallId, label, spec) {
      if (run.signal.aborted) return { action: 'cancel', by: 'stopped' };
      if (spec.signal?.aborted) return { action: 'cancel', by: 'withdrawn' };
      // A call that outlived its run (past its timeout) asks after the run's end: no card, no wait for ever.
      if (ended) return { action: 'cancel', by: 'ended' };
      const wait = spec.timeoutMs ?? timeoutMs;
      const request: StoredInputRequest = {
        requestId: newId('input'),
        toolCallId,
        ...(run.parentCallId ? { parentCallId: run.parentCallId } : {}),
        server: spec.server ?? label,
        kind: spec.kind,
        message: spec.message,
        ...(spec.schema ? { schema: spec.schema } : {}),
        ...(spec.url !== undefined ? { url: spec.url } : {}),
        ...(spec.sampling ? { sampling: spec.sampling } : {}),
        expiresAt: Date.now() + wait,
        runId,
      };
      const { requestId } = request;
      let deliver!: (answer: InputAnswer) => void;
      let recorded!: () => void;
      const answered = new Promise<InputAnswer>((resolve) => (deliver = resolve));
      open.set(requestId, { deliver, recorded: new Promise<void>((resolve) => (recorded = resolve)) });

      // Stored and committed before it is announced: whoever sees the card can answer it from another instance.
      run.session.inputRequests = [...(run.session.inputRequests ?? []), request];
      try {
        await run.commit();
      } catch (error) {
        open.delete(requestId);
        recorded();
        throw error;
      }
      run.emit({ type: 'input_request', ...publicInputRequest(request) } satisfies InputRequestEvent);

      const timer = setTimeout(() => void answerFor(requestId, 'timeout'), wait);
      // A request waiting must not keep a finished process alive.
      (timer as { unref?: () => void }).unref?.();
      const onStop = () => void answerFor(requestId, 'stopped');
      const onWithdrawn = () => void answerFor(requestId, 'withdrawn');
      run.signal.addEventListener('abort', onStop, { once: true });
      spec.signal?.addEventListener('abort', onWithdrawn, { once: true });
      // Stopped (or withdrawn) while the request was being committed: the listener came too late to hear it.
      if (run.signal.aborted) onStop();
      else if (spec.signal?.aborted) onWithdrawn();
      let answer: InputAnswer;
      try {
        answer = await answered;
      } finally {
        clearTimeout(timer);
        run.signal.removeEventListener('abort', onStop);
        spec.signal?.removeEventListener('abort', onWithdrawn);
      }
      try {
        keepInputAnswer(run.session, requestId, answer);
        run.emit({ type: 'input_answered', requestId, toolCallId, answer, ...(run.parentCallId ? { parentCallId: run.parentCallId } : {}) });
        // The answer is the run's: its next commit writes it if this one fails.
        await run.commit().catch((error: unknown) => console.error('[agent-chat] could not save an input request\'s answer:', error));
      } finally {
        recorded();
      }
      return answer;
    },

    async end() {
      ended = true;
      const waiting = [...open.entries()];
      await Promise.all(
        waiting.map(async ([requestId, { recorded }]) => {
          await answerFor(requestId, 'ended');
          let grace: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<void>((resolve) => {
            grace = setTimeout(resolve, END_GRACE_MS);
            (grace as { unref?: () => void }).unref?.();
          });
          await Promise.race([recorded, late]);
          clearTimeout(grace);
          // Still open: the answer taken elsewhere never came.
          const left = open.get(requestId);
          if (left) {
            open.delete(requestId);
            left.deliver({ action: 'cancel', by: 'ended' });
            await recorded;
          }
        }),
      );
      stopListening();
    },
  };
}

/**
 * Requests a run finds open as it starts: left by a run whose instance died (a run that ends closes its own). Closed
 * as `ended` and announced; the run's first commit keeps them.
 */
export function endLeftInputRequests(run: Pick<RunContext, 'session' | 'emit'>): void {
  for (const request of openInputRequests(run.session)) {
    const answer: InputAnswer = { action: 'cancel', by: 'ended' };
    keepInputAnswer(run.session, request.requestId, answer);
    run.emit({
      type: 'input_answered',
      requestId: request.requestId,
      toolCallId: request.toolCallId,
      answer,
      ...(request.parentCallId ? { parentCallId: request.parentCallId } : {}),
    });
  }
}
