import { z } from 'zod';
import { confirmButtonSchema, previewSchema } from './preview.js';
import { toolKindSchema } from './turns.js';

/** A tool call the run stopped for: the user must confirm it, or the page must run it (a `client` tool). */
export const pendingCallSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  kind: toolKindSchema,
  input: z.unknown(),
  label: z.string(),
  reason: z.enum(['confirm', 'client']),
  /** A client tool that needs the user's confirmation first: the page shows the card, then runs it (or denies). */
  confirm: z.boolean().optional(),
  preview: previewSchema.optional(),
  /** The card's confirm button, when the tool names it (`defineTool({ confirmButton })`). */
  confirmButton: confirmButtonSchema.optional(),
  /**
   * A call a sub-agent made: the call that started that sub-agent. The whole run waits for it; answered, the
   * sub-agent goes on where it stopped.
   */
  parentCallId: z.string().optional(),
});
export type PendingCall = z.infer<typeof pendingCallSchema>;
