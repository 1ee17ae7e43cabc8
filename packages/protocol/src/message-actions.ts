import { z } from 'zod';
import { contextSchema } from './items.js';

/**
 * Message actions (issue 21 point 3): retry the last reply, edit a message (POST /messages with `editOf`), page
 * through the alternatives that leaves, and feedback on a reply. How a session keeps alternatives: docs/protocol.md.
 */

/** POST /sessions/:sessionId/retry: the last reply again; the replaced one stays as an alternative. */
export const retryRequestSchema = z.object({
  context: contextSchema.optional(),
});
export type RetryRequest = z.infer<typeof retryRequestSchema>;

/**
 * One place on the current path where the conversation has alternatives: `turnId` is the first turn of the
 * alternative shown (a user turn where a message was edited, a reply's first turn where a reply was retried),
 * `index` which of the `count` alternatives it is (0-based, oldest first).
 */
export const branchPointSchema = z.object({
  turnId: z.string(),
  index: z.number().int().min(0),
  count: z.number().int().min(2),
});
export type BranchPoint = z.infer<typeof branchPointSchema>;

/** POST /sessions/:sessionId/branch: show another alternative at a branch point; answers as GET /sessions/:id. */
export const branchRequestSchema = z.object({
  /** The `turnId` of a branch point of the current path. */
  turnId: z.string().min(1).max(200),
  index: z.number().int().min(0).max(1000),
});
export type BranchRequest = z.infer<typeof branchRequestSchema>;

export const feedbackRatingSchema = z.enum(['up', 'down']);
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;

/** POST /sessions/:sessionId/feedback: a rating of a turn, handed to the server's `onFeedback` hook. */
export const feedbackRequestSchema = z.object({
  turnId: z.string().min(1).max(200),
  rating: feedbackRatingSchema,
  comment: z.string().trim().max(4000).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({
  received: z.literal(true),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;
