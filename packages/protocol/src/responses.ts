import { z } from 'zod';
import { inputRequestSchema } from './input-requests.js';
import { branchPointSchema } from './message-actions.js';
import { pendingCallSchema } from './pending.js';
import { turnSchema } from './turns.js';
import { usageSchema } from './usage.js';

/** GET /sessions/:sessionId */
export const sessionResponseSchema = z.object({
  sessionId: z.string(),
  turns: z.array(turnSchema),
  pending: z.array(pendingCallSchema),
  /** POST /undo would restore something now. */
  undoable: z.boolean(),
  /** The user turn whose changes POST /undo would undo; present exactly when `undoable` is. */
  undoTurnId: z.string().optional(),
  running: z.boolean(),
  lastEventId: z.number(),
  /** The branch points of the current path (edited messages, retried replies), where other alternatives can be shown. */
  branches: z.array(branchPointSchema).optional(),
  /**
   * The turns of the sub-agents the session's calls started, each with the `parentCallId` of its call, in the order
   * they were written; absent when none ran. The model of each agent saw only its own.
   */
  subagentTurns: z.array(turnSchema).optional(),
  /** Tokens used per user turn (the id of its `user` turn), over its runs and resumes, sub-agents included. */
  usage: z.record(z.string(), usageSchema).optional(),
  /**
   * What running tool calls asked the user (forms, links, sampling approvals), answered or not, in the order they
   * were asked; absent when none did. An unanswered one is waited for by its call, in a run that is still going.
   */
  inputRequests: z.array(inputRequestSchema).optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** One conversation in the caller's list: its title (empty when it has none yet) and its last change (ms since the epoch). */
export const sessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.number(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** GET /sessions: a page of the caller's conversations, newest first; `nextCursor` asks for the next page (null: none). */
export const sessionListResponseSchema = z.object({
  sessions: z.array(sessionSummarySchema),
  nextCursor: z.string().nullable(),
});
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** PATCH /sessions/:sessionId */
export const renameSessionResponseSchema = sessionSummarySchema;
export type RenameSessionResponse = SessionSummary;

/** POST /sessions/:sessionId/undo */
export const undoResponseSchema = z.object({
  state: z.unknown(),
});
export type UndoResponse = z.infer<typeof undoResponseSchema>;

export const errorCodeSchema = z.enum([
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'session_full',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every non-2xx JSON answer. `field` names the first invalid field of a 400, as a dotted path. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
