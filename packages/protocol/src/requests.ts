import { z } from 'zod';
import { contextSchema, referenceSchema } from './items.js';
import { pendingCallSchema } from './pending.js';
import { turnSchema } from './turns.js';
import { messageAttachmentSchema } from './uploads.js';
import { a2uiActionSchema } from './a2ui.js';

/** POST /sessions/:sessionId/messages */
export const sendMessageRequestSchema = z
  .object({
    /** What the user wrote; may be empty only when the message is an `action`. */
    text: z.string().trim().max(100_000).default(''),
    /**
     * The user acted on an A2UI surface the agent drew: the message is that act (see the user turn's `action`), and
     * the run that answers it goes on from there.
     */
    action: a2uiActionSchema.optional(),
    context: contextSchema.optional(),
    references: z.array(referenceSchema).optional(),
    /** Host items (dropped onto the chat, attached by the page) and uploads (`{ uploadId }`, see uploads.ts). */
    attachments: z.array(messageAttachmentSchema).optional(),
    /** The name of the host event when the page sent this message on the user's behalf (seed 004's triggers). */
    trigger: z.string().min(1).optional(),
    /**
     * Retry: the id of the session's last user turn, whose run failed. The server runs the agent again for that turn
     * instead of storing the message a second time (the text is taken from the stored turn). An id the session does
     * not hold (the first try never reached the server) sends the message as new; an earlier user turn is a 409.
     */
    retryOf: z.string().min(1).max(200).optional(),
    /**
     * Edit: the id of a user turn of the current path. The conversation branches there: this message takes its place,
     * the turns from it on are kept as an alternative (POST /sessions/:id/branch shows them again), and the model
     * sees only the new branch. Not with `retryOf`.
     */
    editOf: z.string().min(1).max(200).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.text === '' && !request.action) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'text must not be empty' });
    }
  });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const decisionSchema = z.object({
  toolCallId: z.string().min(1),
  action: z.enum(['approve', 'edit', 'deny']),
  /** The edited input, with action 'edit'. */
  input: z.unknown().optional(),
  reason: z.string().optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

export const clientResultSchema = z.object({
  toolCallId: z.string().min(1),
  output: z.unknown(),
  isError: z.boolean().optional(),
  /** The input the page actually ran with, when the user edited it on a confirmation card. */
  input: z.unknown().optional(),
});
export type ClientResult = z.infer<typeof clientResultSchema>;

/** POST /sessions/:sessionId/resume: answers to the calls a run stopped for. */
export const resumeRequestSchema = z.object({
  decisions: z.array(decisionSchema).default([]),
  results: z.array(clientResultSchema).default([]),
  context: contextSchema.optional(),
});
export type ResumeRequest = z.input<typeof resumeRequestSchema>;

/** PUT /sessions/:sessionId: put a saved conversation back (seed 003 keeps chat history with the document). */
export const importSessionRequestSchema = z.object({
  turns: z.array(turnSchema).max(10_000),
  pending: z.array(pendingCallSchema).optional(),
});
export type ImportSessionRequest = z.infer<typeof importSessionRequestSchema>;

/** PATCH /sessions/:sessionId: rename a conversation (the thread list's title). */
export const renameSessionRequestSchema = z.object({
  title: z.string().trim().min(1, 'title must not be empty').max(200),
});
export type RenameSessionRequest = z.infer<typeof renameSessionRequestSchema>;

/** The largest page GET /sessions answers, and the page it answers without `limit`. */
export const SESSION_LIST_MAX = 100;
export const SESSION_LIST_DEFAULT = 20;

/**
 * GET /sessions?limit=&cursor=: the query of the caller's conversation list. `cursor` is a page's `nextCursor`,
 * passed back as it came (the position after which the next page starts: a time and a session id).
 */
export const listSessionsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1).max(SESSION_LIST_MAX))
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}:[A-Za-z0-9._:-]{1,200}$/, 'cursor must be a nextCursor this server sent')
    .optional(),
});
export type ListSessionsQuery = z.input<typeof listSessionsQuerySchema>;

/** The path parameter every session route takes. */
export const sessionIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'sessionId may hold letters, digits, ".", "_", ":" and "-" only');

/**
 * POST /sessions/:sessionId/cancel. Without a body (or without `toolCallId`) it stops the whole run. With the id of
 * a call that started a sub-agent, it stops that sub-agent and the sub-agents it started: the call gets a result
 * that says so, with what the sub-agent had found, and the rest of the run goes on.
 */
export const cancelRequestSchema = z.object({
  toolCallId: z.string().min(1).max(200).optional(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
