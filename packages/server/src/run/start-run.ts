import type { Context as PageContext, DoneEvent } from '@agent-chat/protocol';
import type { Runtime } from '../runtime.js';
import type { SessionRecord } from '../session/session-record.js';
import type { ActiveRun } from './active-run.js';
import { finish, runAgentLoop } from './agent-loop.js';
import { applyAnswers, type Answers } from './answer-pending.js';
import { catchUpWithLog, runInBackground, type RunOptions } from './background-run.js';

/**
 * Start a run in the background once the event log holds the previous run's last event. Returns the event id a
 * request follows the run from (the one before its `run_started`).
 */
export async function startRun(options: RunOptions): Promise<number> {
  await catchUpWithLog(options.runtime, options.session, options.active.key);
  const after = options.session.lastEventId;
  void runInBackground(options);
  return after;
}

/**
 * Continue the turn a run stopped for with checked answers (POST /resume, AG-UI's resume entries): what is still
 * unanswered stops the run again; once nothing waits, the agent goes on.
 */
export function startResumeRun(runtime: Runtime, session: SessionRecord, active: ActiveRun, answers: Answers, context: PageContext | undefined): Promise<number> {
  return startRun({
    runtime,
    session,
    active,
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
