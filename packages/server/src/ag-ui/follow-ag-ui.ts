import type { AGUIEvent } from '@ag-ui/core';
import type { InputRequest } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { followLog, type FollowRuntime } from '../http/follow-log.js';
import type { SseStream } from '../http/sse-stream.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import type { SessionRef } from '../session/session-ref.js';
import { historyMessages } from './history-messages.js';
import type { AgUiEventMapper } from './map-events.js';

export interface AgUiFollowOptions {
  /** The thread: the caller's session of that id. */
  session: SessionRef;
  /** Our run's id, for Stop. */
  runId: string;
  /** Send the events after this id. */
  after: number;
  mapper: AgUiEventMapper;
  /**
   * This AG-UI run picks up our run `runId` where its calls wait for input requests, some just answered: it starts
   * with RUN_STARTED, and ends at once if `stillOpen` requests wait (one AG-UI run answers them, the next goes on).
   */
  picksUp?: { stillOpen: readonly InputRequest[] };
}

/**
 * A run's events from the event log (follow-log.ts, with its heartbeat and lost-run check), as AG-UI events over
 * SSE (`data:` lines only, as AG-UI reads them). Ends after RUN_FINISHED or RUN_ERROR; a run that cannot be
 * followed to its end (`run_lost`, `events_gone`) ends with RUN_ERROR naming why.
 *
 * An input request ends the AG-UI run with an interrupt while ours goes on, its call waiting: the next AG-UI run
 * answers it (resume) and follows ours from there.
 *
 * Unlike our stream, the request going away stops the run: an AG-UI client has no other Stop than aborting its
 * request (AbstractAgent.abortRun), and no way to pick a run up again.
 */
export function followAgUi(c: Context, runtime: FollowRuntime & Pick<Runtime, 'store'>, options: AgUiFollowOptions): Response {
  const { session: ref, mapper } = options;
  const send = async (stream: SseStream, events: AGUIEvent[]) => {
    for (const event of events) await stream.writeSSE({ data: JSON.stringify(event) });
  };
  return followLog(c, runtime, {
    key: ref.key,
    after: options.after,
    onDisconnect: () => void runtime.runs.requestCancel(ref.key, options.runId),
    async start(stream) {
      const { picksUp } = options;
      if (!picksUp) return;
      await send(stream, mapper.started(options.runId));
      if (picksUp.stillOpen.length === 0) return;
      await send(stream, mapper.interrupted(picksUp.stillOpen));
      return 'end';
    },
    async send(stream, { event }) {
      if (event.type === 'input_request') {
        await send(stream, mapper.interrupted([event]));
        return 'end';
      }
      if (event.type !== 'done') return send(stream, mapper.map(event));
      // The session is committed before `done` is logged: the snapshot is the history as it now stands.
      const session = await loadOwnSession(runtime.store, ref);
      await send(stream, mapper.finish(event, session ? historyMessages(session.turns, session.subagentTurns) : undefined));
    },
    broken: (stream, { code, message }) => send(stream, mapper.lost(message, code)),
  });
}
