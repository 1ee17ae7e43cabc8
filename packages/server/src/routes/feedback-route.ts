import { feedbackRequestSchema, type FeedbackRating, type FeedbackResponse, type Turn } from '@agent-chat/protocol';
import { Hono } from 'hono';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { findTurn } from '../session/branches.js';
import { loadOwnSession } from '../session/owned-session.js';
import { sessionNotFound } from './with-session.js';

/** What `createAgentChat({ onFeedback })` is handed: a user's rating of a turn of their conversation. */
export interface Feedback {
  sessionId: string;
  /** Who rated it (the principal that owns the session). */
  principal: string;
  turnId: string;
  /** The turn rated, as stored (on the current path or in an alternative put aside). */
  turn: Turn;
  rating: FeedbackRating;
  comment?: string;
}

export type FeedbackHook = (feedback: Feedback) => void | Promise<void>;

/**
 * POST /sessions/:sessionId/feedback `{ turnId, rating, comment? }`: hands the rating to the host's hook and keeps
 * nothing itself (where feedback goes, and for how long, is the host's to decide). It takes no run slot: a reply can
 * be rated while the next one streams.
 */
export function feedbackRoute(runtime: Runtime, onFeedback: FeedbackHook | undefined) {
  return new Hono<AgentChatEnv>().post('/sessions/:sessionId/feedback', sessionIdParam, jsonBody(feedbackRequestSchema, runtime.limits), async (c) => {
    const sessionId = c.get('sessionId');
    const principal = c.get('principal');
    const { turnId, rating, comment } = c.get('body');
    const session = await loadOwnSession(runtime.store, c.get('sessionRef'));
    if (!session) return sessionNotFound(c, sessionId);
    const turn = findTurn(session, turnId);
    if (!turn) return errorJson(c, 404, 'not_found', `turnId: session "${sessionId}" has no turn "${turnId}".`, { field: 'turnId' });
    if (!onFeedback) return errorJson(c, 404, 'not_found', 'This server takes no feedback (createAgentChat has no onFeedback).');
    await onFeedback({ sessionId, principal, turnId, turn, rating, ...(comment ? { comment } : {}) });
    const answer: FeedbackResponse = { received: true };
    return c.json(answer);
  });
}
