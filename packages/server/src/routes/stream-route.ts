import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import type { FollowRuntime } from '../http/follow-log.js';
import { followRun } from '../http/follow-run.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import { sessionNotFound } from './with-session.js';

/**
 * GET /sessions/:sessionId/stream: pick a run up again. Replays the events after `Last-Event-ID` (or `?after=`),
 * then follows the live run until `done`, from any instance. 204 when no run is in flight and nothing is left to
 * replay: the history (GET /sessions/:id) is all there is. An id past the session's last event is a 400 naming
 * `after`.
 *
 * `?wait=1` instead holds the stream open until the session's next run starts and follows that one: how a tab
 * showing a pending approval learns that another tab answered it.
 */
export function streamRoute(runtime: FollowRuntime & Pick<Runtime, 'store'>) {
  return new Hono<AgentChatEnv>().get('/sessions/:sessionId/stream', sessionIdParam, async (c) => {
    const sessionId = c.get('sessionId');
    const raw = c.req.header('last-event-id') ?? c.req.query('after') ?? '0';
    if (!/^\d{1,15}$/.test(raw)) {
      return errorJson(c, 400, 'invalid_request', `after: the Last-Event-ID header or ?after= must be a whole number ≥ 0 (got "${raw.slice(0, 40)}")`, {
        field: 'after',
      });
    }
    const after = Number(raw);
    const wait = c.req.query('wait');
    if (wait !== undefined && wait !== '1' && wait !== '0') {
      return errorJson(c, 400, 'invalid_request', `wait: ?wait= is 1 (wait for the next run) or 0 (got "${wait.slice(0, 40)}")`, { field: 'wait' });
    }
    const { key } = c.get('sessionRef');
    const session = await loadOwnSession(runtime.store, c.get('sessionRef'));
    if (!session) return sessionNotFound(c, sessionId);
    const [holder, logged] = await Promise.all([runtime.runs.holder(key), runtime.events.lastId(key)]);
    // The log runs ahead of the stored session during a run; the stored id is all that is left once the log forgot.
    const last = Math.max(logged ?? 0, session.lastEventId);
    // An id past every event sent is no place to resume from: a follower there would skip the run's `done` and wait.
    if (after > last) {
      return errorJson(c, 400, 'invalid_request', `after: ${after} is past the last event of this session (${last}): resume from an id this session sent`, {
        field: 'after',
      });
    }
    const idle = !holder && last <= after;
    if (idle && wait !== '1') return c.body(null, 204);
    return followRun(c, runtime, { key, after, waitForRun: idle });
  });
}
