import type { Context as PageContext, DoneEvent } from '@agent-chat/protocol';
import type { SessionRecord } from '../session/session-record.js';
import { finish, runAgentLoop } from './agent-loop.js';
import { applyAnswers, type Answers } from './answer-pending.js';
import { catchUpWithLog, runInBackground, type RunOptions, type RunRuntime } from './background-run.js';
import type { RunSlot } from './run-slot.js';

/** A run to start: what it runs, and the run slot its request holds (the run takes it over). */
export interface StartOptions extends Omit<RunOptions, 'active'> {
  slot: RunSlot;
}

/**
 * Start a run in the background once the event log holds the previous run's last event. Returns the event id a
 * request follows the run from (the one before its `run_started`).
 */
export async function startRun({ slot, ...options }: StartOptions): Promise<number> {
  await catchUpWithLog(options.runtime.events, options.session, slot.key);
  const after = options.session.lastEventId;
  // The slot is the run's from here: it gives it back when it ends, whatever becomes of the request that started it.
  void runInBackground({ ...options, active: slot.handOver() });
  return after;
}

/**
 * Continue the turn a run stopped for with checked answers (POST /resume, AG-UI's resume entries): what is still
 * unanswered stops the run again; once nothing waits, the agent goes on.
 */
export function startResumeRun(runtime: RunRuntime, session: SessionRecord, slot: RunSlot, answers: Answers, context: PageContext | undefined): Promise<number> {
  return startRun({
    runtime,
    session,
    slot,
    context: context ?? session.pendingContext,
    resumed: true,
    async body(run): Promise<DoneEvent> {
      const still = await applyAnswers(run, answers);
      if (still.length > 0) {
        run.emit({ type: 'awaiting_input', calls: still });
        return finish(run, 'awaiting_input');
      }
      return runAgentLoop(run);
    },
  });
}
