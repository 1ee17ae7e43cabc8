import { z } from 'zod';

/** What a confirmation card shows besides the input: a before/after for edits, the impact of a delete. */
export const previewSchema = z.object({
  title: z.string().optional(),
  before: z.string().optional(),
  after: z.string().optional(),
  impact: z.array(z.string()).optional(),
  data: z.unknown().optional(),
});
export type Preview = z.infer<typeof previewSchema>;

/**
 * The confirm button of a tool's card, as the tool defines it: its words ("Apply", "Confirm deletion") and its tone
 * (`danger` for what cannot be taken back). Without a label the card says "Confirm"; without a tone it is the accent
 * colour, or danger when the preview lists an impact.
 */
export const confirmButtonSchema = z.object({
  label: z.string().optional(),
  tone: z.enum(['default', 'danger']).optional(),
});
export type ConfirmButton = z.infer<typeof confirmButtonSchema>;

/**
 * How a call that waited for the user's confirmation was answered, kept with its result (turn and event) so that a
 * reloaded conversation draws the same card with the same outcome as it had live.
 */
export const confirmationSchema = z.object({
  /** `approve` or `edit` (it ran, with the user's input for an edit); `deny`: refused; `skip`: not answered (a new message was sent). */
  action: z.enum(['approve', 'edit', 'deny', 'skip']),
  /** The input the user confirmed, when they edited it. */
  input: z.unknown().optional(),
  /** The preview the card showed. */
  preview: previewSchema.optional(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;
