import type { Context as PageContext, DoneEvent, Usage } from '@agent-chat/protocol';
import type { EventLog } from '../coordination/event-log.js';
import type { Runtime } from '../runtime.js';
import { commitSession } from '../session/commit-session.js';
import type { SessionRecord } from '../session/session-record.js';
import { lastUserTurnId, undoTurnId } from '../session/undo-turn.js';
import type { ActiveRun } from './active-run.js';
import { answerDangling } from './agent-loop.js';
import { pacer } from './pace.js';
import { eventWriter } from './event-writer.js';
import type { RunContext } from './run-context.js';
import { branchRegistry } from './run-branches.js';
import { appendTurn, sessionTurns } from './run-turns.js';
import { addUsage, emptyUsage } from './usage.js';
import { DEFAULT_INPUT_REQUEST_TIMEOUT_MS, endLeftInputRequests, runInputs } from './input-requests.js';

/** What a run touches of the runtime: the loop's dependencies, the store, the run slots and the event log. */
export type RunRuntime = Pick<Runtime, 'deps' | 'store' | 'runs' | 'events'>;

export interface RunOptions {
  runtime: RunRuntime;
  session: SessionRecord;
  active: ActiveRun;
  context: PageContext | undefined;
  resumed: boolean;
  /** The id the run's user turn will get, announced in run_started. */
  userTurnId?: string;
  body(run: RunContext): Promise<DoneEvent>;
}

/** How long a run waits for the event log to hold the previous run's last event before it starts anyway. */
const LOG_CATCH_UP_MS = 2_000;

/**
 * One run, independent of any HTTP connection: `run_started`, the run's events, then `done`, each appended to the
 * event log (which the requests that watch the run read). A client that goes away does not stop it; Stop, from any
 * instance, does. The session is committed before `done` is logged, so a client that sees `done` can rely on the
 * history, and the run slot is given back before `done` too, so the next message is never refused as busy.
 */
export async function runInBackground(options: RunOptions): Promise<void> {
  const { runtime, session, active } = options;
  // A bounded store keeps the session while the run writes it: pushed out, it would be written again whole.
  const letGo = runtime.store.hold?.(active.ref);
  const branches = branchRegistry();
  // Stop of one branch (a sub-agent's call) stops that branch; any other Stop, the whole run.
  const stopListening = runtime.runs.onCancel(active.ref.key, active.runId, (toolCallId) => {
    if (toolCallId === undefined) active.controller.abort();
    else branches.stop(toolCallId);
  });
  const events = eventWriter(runtime.events, active.ref.key);
  const inputs = runInputs({
    runs: runtime.runs,
    key: active.ref.key,
    runId: active.runId,
    timeoutMs: runtime.deps.inputRequestTimeoutMs ?? DEFAULT_INPUT_REQUEST_TIMEOUT_MS,
  });
  const pace = pacer();
  let done: DoneEvent | undefined;
  let doneId = 0;
  // Sub-agents running at once commit the one session: one write at a time, each sending what the session holds
  // when it starts (commit-session.ts).
  let lastCommit: Promise<void> = Promise.resolve();
  const write = async () => {
    session.updatedAt = Date.now();
    await commitSession(runtime.store, session);
  };
  try {
    const run: RunContext = {
      deps: runtime.deps,
      session,
      turns: sessionTurns(session),
      branches,
      context: options.context,
      signal: active.controller.signal,
      emit: (event) => events.write(++session.lastEventId, event),
      commit: () => (lastCommit = lastCommit.catch(() => {}).then(write)),
      pace: () => {
        const slice = pace();
        // A log that is slower than the model (Redis far away) holds the run back instead of queueing without bound.
        const logging = events.pending();
        if (!slice && !logging) return undefined;
        return (async () => {
          await slice;
          await events.pending();
        })();
      },
      async awaitInput(calls) {
        session.pending = calls;
        session.pendingContext = options.context;
        await run.commit();
        run.emit({ type: 'awaiting_input', calls });
      },
      inputs,
      usage: emptyUsage(),
    };
    run.emit({
      type: 'run_started',
      runId: active.runId,
      sessionId: session.id,
      resumed: options.resumed,
      ...(options.userTurnId ? { userTurnId: options.userTurnId } : {}),
    });
    endLeftInputRequests(run);
    try {
      done = await options.body(run);
    } catch (error) {
      // A bug of ours or a store failure: say so plainly, keep what was saved.
      console.error('[agent-chat] run failed:', error);
      answerDangling(run, 'Cancelled: the run failed on the server before this tool ran.');
      run.emit({ type: 'error', message: 'The run failed on the server.', code: 'internal' });
      const undoTurn = undoTurnId(session, runtime.deps.state);
      done = { type: 'done', stopReason: 'error', hasWrites: session.turnHasWrites, undoable: false, ...(undoTurn ? { undoTurnId: undoTurn } : {}) };
    }
    // A call that outlived its run (past its timeout) may still wait for the user: nobody will take that answer now.
    await inputs.end();
    // A stop is kept in the history, so a reload still says the run was stopped.
    if (done.stopReason === 'cancelled') appendTurn(session, { type: 'status', text: 'Stopped by user', code: 'cancelled' });
    keepUsage(session, run.usage);
    doneId = ++session.lastEventId;
    await run.commit().catch((error) => console.error('[agent-chat] could not save session:', error));
  } catch (error) {
    console.error('[agent-chat] run could not start:', error);
    doneId = ++session.lastEventId;
    done = { type: 'done', stopReason: 'error', hasWrites: false, undoable: false };
  } finally {
    stopListening();
    await inputs.end().catch(() => {});
    letGo?.();
    await events.pending();
    await runtime.runs.release(active.ref.key, active.runId).catch((error) => console.error('[agent-chat] could not release a run:', error));
    if (done) events.write(doneId, done);
    await events.pending();
  }
}

/** The run's usage, added to its user turn's in the session (a resume adds to the turn it continues). */
function keepUsage(session: SessionRecord, usage: Usage): void {
  if (usage.inputTokens === 0 && usage.outputTokens === 0) return;
  const turnId = lastUserTurnId(session.turns);
  if (!turnId) return;
  const total = { ...(session.usage?.[turnId] ?? emptyUsage()) };
  addUsage(total, usage);
  // A new object: the session's fields are compared by reference to know what to write.
  session.usage = { ...session.usage, [turnId]: total };
}

/**
 * Called before a run's first event is numbered (and before a client is told where to follow from).
 * Event ids must keep increasing in the log. The previous run may still be appending its `done` (released just
 * before), or may have logged events past its last commit before its instance died: start after whichever is higher.
 */
export async function catchUpWithLog(events: EventLog, session: SessionRecord, key: string): Promise<void> {
  const deadline = Date.now() + LOG_CATCH_UP_MS;
  for (;;) {
    const logged = await events.lastId(key);
    // Nothing kept (a quiet session whose events expired): nothing to wait for.
    if (logged === undefined) return;
    if (logged >= session.lastEventId || Date.now() > deadline) {
      session.lastEventId = Math.max(session.lastEventId, logged);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
