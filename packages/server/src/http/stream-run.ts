import type { Context as PageContext, DoneEvent } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ActiveRun } from '../run/run-registry.js';
import { appendTurn, type RunContext } from '../run/run-context.js';
import type { Runtime } from '../runtime.js';
import { commitSession } from '../session/commit-session.js';
import type { SessionRecord } from '../session/session-record.js';
import { sseSink } from './sse-sink.js';

export interface StreamRunOptions {
  runtime: Runtime;
  session: SessionRecord;
  active: ActiveRun;
  context: PageContext | undefined;
  resumed: boolean;
  /** The id the run's user turn will get, announced in run_started. */
  userTurnId?: string;
  body(run: RunContext): Promise<DoneEvent>;
}

/**
 * Answer a request with one run as an SSE stream: `run_started`, the run's events, then `done`. The session is
 * saved before `done` is written, so a client that sees `done` can rely on the history. The client going away
 * aborts the run (between steps, as the loop decides); the session's run slot is always given back.
 */
export function streamRun(c: Context, options: StreamRunOptions): Response {
  const { runtime, session, active } = options;
  return streamSSE(c, async (stream) => {
    const sink = sseSink(stream, session);
    stream.onAbort(() => active.controller.abort());
    const run: RunContext = {
      deps: runtime.deps,
      session,
      context: options.context,
      signal: active.controller.signal,
      emit: sink.emit,
      commit: async () => {
        session.updatedAt = Date.now();
        await commitSession(runtime.store, session);
      },
      usage: { inputTokens: 0, outputTokens: 0 },
    };
    try {
      sink.emit({
        type: 'run_started',
        runId: active.runId,
        sessionId: session.id,
        resumed: options.resumed,
        ...(options.userTurnId ? { userTurnId: options.userTurnId } : {}),
      });
      let done: DoneEvent;
      try {
        done = await options.body(run);
      } catch (error) {
        // A bug of ours or a store failure: tell the client plainly, keep what was saved.
        console.error('[agent-chat] run failed:', error);
        sink.emit({ type: 'error', message: 'The run failed on the server.', code: 'internal' });
        done = { type: 'done', stopReason: 'error', hasWrites: session.turnHasWrites, undoable: false };
      }
      // A stop is kept in the history, so a reload still says the run was stopped.
      if (done.stopReason === 'cancelled') appendTurn(session, { type: 'status', text: 'Stopped by user', code: 'cancelled' });
      const doneId = sink.reserveId();
      await run.commit().catch((error) => console.error('[agent-chat] could not save session:', error));
      sink.emit(done, doneId);
      await sink.flush();
    } finally {
      runtime.runs.finish(session.id, active);
    }
  });
}
