import type { AGUIEvent } from '@ag-ui/core';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { EventGapError } from '../coordination/event-log.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import { historyMessages } from './history-messages.js';
import type { AgUiEventMapper } from './map-events.js';

export interface AgUiFollowOptions {
  sessionId: string;
  /** Our run's id, for Stop. */
  runId: string;
  principal: string;
  /** Send the events after this id. */
  after: number;
  mapper: AgUiEventMapper;
}

/**
 * A run's events from the event log, as AG-UI events over SSE (`data:` lines only, as AG-UI reads them). Ends
 * after RUN_FINISHED or RUN_ERROR. As with our own stream, a quiet run gets a comment line every
 * `streamHeartbeatMs`, and one that nobody holds any more (its server died) ends with RUN_ERROR `run_lost`.
 *
 * Unlike our stream, the request going away stops the run: an AG-UI client has no other Stop than aborting its
 * request (AbstractAgent.abortRun), and no way to pick a run up again.
 */
export function followAgUi(c: Context, runtime: Runtime, options: AgUiFollowOptions): Response {
  const { sessionId, mapper } = options;
  return streamSSE(c, async (stream) => {
    const reader = new AbortController();
    let finished = false;
    let lost = false;
    let heard = true;
    const send = async (events: AGUIEvent[]) => {
      for (const event of events) await stream.writeSSE({ data: JSON.stringify(event) });
    };
    stream.onAbort(() => {
      reader.abort();
      if (!finished) void runtime.runs.requestCancel(sessionId, options.runId);
    });
    const beat = setInterval(() => {
      void (async () => {
        if (heard) {
          heard = false;
          return;
        }
        if (finished || reader.signal.aborted) return;
        if (!(await runtime.runs.holder(sessionId))) {
          lost = true;
          reader.abort();
          return;
        }
        await stream.write(': still running\n\n').catch(() => {});
      })();
    }, runtime.streamHeartbeatMs);
    try {
      for await (const { event } of runtime.events.follow(sessionId, options.after, reader.signal)) {
        heard = true;
        if (event.type !== 'done') {
          await send(mapper.map(event));
          continue;
        }
        finished = true;
        // The session is committed before `done` is logged: the snapshot is the history as it now stands.
        const session = await loadOwnSession(runtime, sessionId, options.principal);
        await send(mapper.finish(event, session ? historyMessages(session.turns) : undefined));
        break;
      }
      if (lost && !finished) {
        finished = true;
        await send(mapper.lost('The run was lost: the server running it stopped. Send the message again.', 'run_lost'));
      }
    } catch (error) {
      if (!(error instanceof EventGapError)) throw error;
      finished = true;
      await send(mapper.lost(error.message, 'events_gone'));
    } finally {
      clearInterval(beat);
    }
  });
}
